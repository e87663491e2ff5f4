import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One server for the run: built app, temp data dir, outbox SMS/e-mail, sandbox payments.
 * `E2E_SUITE` splits the tests in two for npm test, which runs them side by side: `journeys`
 * (everything but Storybook's, against that server) and `storybook` (the built Storybook's and
 * the dev server's tests, which start their own servers and need no portal). Unset: all of them.
 */
const suite = process.env.E2E_SUITE;
const STORYBOOK_TESTS = /storybook(-dev)?\.spec\.ts$/;
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests',
  ...(suite === 'journeys' ? { testIgnore: STORYBOOK_TESTS } : {}),
  ...(suite === 'storybook' ? { testMatch: STORYBOOK_TESTS } : {}),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  // apart per suite: each run empties its own when it starts
  outputDir: suite ? `test-results/${suite}` : 'test-results',
  use: {
    baseURL,
    // Spanish is the default language; the browser's language must not pick another one
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    // fail fast on a wrong selector instead of waiting for the test timeout
    actionTimeout: 10_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer:
    suite === 'storybook'
      ? undefined
      : {
          // the README's way of serving the built portal
          command: 'npm run serve',
          cwd: '..',
          url: `${baseURL}/api/health`,
          reuseExistingServer: false,
          timeout: 60_000,
          env: {
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            PUBLIC_URL: baseURL,
            NODE_ENV: 'development',
            SEED_DEMO: '0',
            ADMIN_DNI: '33445566R',
            ADMIN_PASSWORD: 'e2e-admin-password-2026',
            LOG_LEVEL: 'warn',
            // any answer that drifts from openapi.yaml becomes a 500 and fails the journey
            RESPONSE_VALIDATION: 'strict',
            // as behind the deployment's proxy: the API helpers give each resident an address
            TRUST_PROXY: '1',
            // the journeys share two cores with Chromium and the test runner: how late the server's
            // loop runs is that load, not a rush (the shedding is tested in bff/test/load-shedding)
            SHED_EVENT_LOOP_DELAY_MS: '0',
          },
        },
});
