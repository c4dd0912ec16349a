import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './e2e/support/chromium';
import { OTHER_ORIGIN_PORT } from './e2e/support/other-origin';

/**
 * Browser tests drive the built storefront (npm run test:e2e builds it first)
 * served by the real server on a fresh data directory and a port of its own,
 * with Debian's Chromium: no browser is ever downloaded.
 */
const port = Number(process.env.E2E_PORT ?? 3107);
// Set once in the runner; workers inherit it, so they all agree on the directory.
process.env.E2E_DATA_DIR ??= `.tmp/e2e-${Date.now()}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    // The compiled server, as in production (npm run test:e2e builds it first).
    command: 'node dist/server/main.js',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      DATA_DIR: process.env.E2E_DATA_DIR,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Mail links and the auth origin check use the address the browser opens.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1: the per-IP sign-in and sign-up limits would trip across the suite
      // (the API tests turn them off too; server/test/accounts.test.ts covers them).
      AUTH_RATE_LIMIT: '0',
      NODE_ENV: 'production',
      // Every journey submits from 127.0.0.1; the per-address form limit is tested in the API tests.
      FORM_RATE_LIMIT: '50',
      // The whole suite comes from 127.0.0.1 and, with 52 journeys on two workers, passed 600 requests in a
      // minute (a staff journey was refused 'Too many requests'); the limit is tested in the API tests.
      RATE_LIMIT_PER_MINUTE: '100000',
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password-1',
      // A web app on another origin calls the API from the browser (e2e/original-app.spec.ts).
      CORS_ORIGINS: `http://127.0.0.1:${OTHER_ORIGIN_PORT}`,
    },
  },
});
