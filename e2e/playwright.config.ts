import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from '../shared/build/chromium-args.mjs';

const port = Number(process.env.E2E_PORT ?? 4319);
export const baseURL = `http://127.0.0.1:${port}`;

// e2e drives the production build (pnpm build) served by the real API process, in
// Debian's Chromium. It never downloads a browser.
export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  // One retry under CI only: a test that fails and then passes is reported as flaky in the
  // log (and must be fixed), but a single timing hiccup on a loaded 2-core machine does not
  // throw away a whole run. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: [['list'], ['./support/print-error-context.ts']],
  use: {
    baseURL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: '../node_modules/.bin/tsx support/start-e2e-server.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Fixed so the first-time setup flow can be driven end to end.
      OUTPOST_SETUP_TOKEN: 'e2e-setup-token-0123456789',
    },
  },
});
