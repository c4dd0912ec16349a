import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Three projects (decision 085). shared/'s files run in one worker that keeps its module graph from
 * file to file (`isolate: false`): pure code, no mocks, no timers, no module state that a test
 * changes, and each file then no longer pays for its own imports. The server's files keep a fresh
 * module graph per file until a whole run without it has been seen green (decision 085 lists what was
 * checked); the web files mock modules (`vi.mock`), stub globals and keep state at module level.
 */
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
      // One migrated PostgreSQL schema per run, copied for each test database (decision 106).
      { extends: true, test: { name: 'server', include: ['server/**/*.test.ts'], globalSetup: ['server/test/helpers/postgres-template.ts'] } },
      { extends: true, test: { name: 'web', include: ['web/**/*.test.{ts,tsx}'] } },
    ],
  },
});
