import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Four projects (decisions 085, 106). shared/'s and server/'s files run in one worker that keeps its
 * module graph from file to file (`isolate: false`): each file no longer pays for its own imports (the
 * app, Fastify, better-auth, Kysely …). The server's module state is keyed by the database or constant
 * (decision 085 lists what was checked); its two files with fake timers go back to real ones after each
 * test. `server-fresh` keeps a fresh process for a file that asserts what the app alone loads. The web
 * files mock modules (`vi.mock`), stub globals and keep state at module level: isolated.
 */
/**
 * Server files that run in a process of their own: one asserts what the app alone loads (`require.cache`);
 * the fault test (two nodes, haproxy, outages) runs by itself after the others (`npm run test:unit`).
 */
const FRESH_PROCESS = ['server/test/fastify-compilers.test.ts', 'server/test/faults.test.ts'];

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./shared/src', import.meta.url)),
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'shared', include: ['shared/**/*.test.ts'], isolate: false } },
      // One module graph for the server's files too, and one migrated PostgreSQL schema per run, copied for
      // each test database (decision 106). A file that checks which modules a fresh process loads keeps one of its own.
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          exclude: [...FRESH_PROCESS],
          isolate: false,
          globalSetup: ['server/test/helpers/postgres-template.ts'],
        },
      },
      { extends: true, test: { name: 'server-fresh', include: [...FRESH_PROCESS] } },
      { extends: true, test: { name: 'web', include: ['web/**/*.test.{ts,tsx}'] } },
    ],
  },
});
