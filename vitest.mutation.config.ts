import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The unit tests that guard the rules under mutation testing (stryker.config.json):
 * pure code only, so that every mutant runs in milliseconds without a database.
 */
export default defineConfig({
  resolve: { alias: { '@shared': fileURLToPath(new URL('./shared/src', import.meta.url)) } },
  test: {
    include: ['shared/**/*.test.ts', 'server/src/**/*.test.ts'],
    environment: 'node',
    pool: 'threads',
  },
});
