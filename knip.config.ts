import type { KnipConfig } from 'knip';

/**
 * Dead-code check, run by `npm run lint`: files nothing reaches, exports nothing imports, dependencies
 * nothing uses. Entry points are what runs on its own; knip's plugins add the configs' own entries
 * (vite → web/index.html, vitest and playwright → tests, eslint, stryker's vitest config below).
 */
const config: KnipConfig = {
  // server/src/main.ts is an entry through package.json's `serve:dev` script.
  entry: [
    'server/src/cli/*.ts',
    'scripts/*.mjs',
    'bench/**/*.ts',
    // Named in stryker.config.json, which knip does not read.
    'vitest.mutation.config.ts',
  ],
  project: ['server/**/*.ts', 'shared/**/*.ts', 'web/**/*.{ts,tsx,css}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/*.mjs', '*.ts'],
  // Programs the API tests start when the machine has them (they skip otherwise); not npm packages.
  ignoreBinaries: ['redis-server', 'haproxy', 'systemd-analyze', 'openssl'],
  ignoreIssues: {
    // The Kysely Migrator reads each migration as a namespace (`import * as m001`) and calls its
    // `up`/`down`; knip cannot see that use.
    'server/src/db/migrations/*.ts': ['exports'],
  },
};

export default config;
