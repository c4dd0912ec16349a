import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./shared/src', import.meta.url)),
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
    },
  },
  test: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'forks',
    // Two test files at a time. Vitest's default is one fewer than the cores, so one at a time on the
    // 2-core machines the suite runs on; most API test files spend their time waiting (time-outs, mail
    // and payment jobs, child servers, PostgreSQL), not computing. Each file has its own databases
    // (a SQLite file, a PostgreSQL schema) and ports; faults.test.ts still runs alone (test:unit).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
