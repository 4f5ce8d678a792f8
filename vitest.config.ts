import { defineConfig } from 'vitest/config';

// One run, three kinds of test: the API on real databases (node), the browser
// code (jsdom), and the repository scripts. Playwright specs in e2e/ are not ours.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          root: 'api',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          // Component tests render whole pages; on a loaded 2-core machine 5 s is too tight.
          testTimeout: 20_000,
          include: [
            'shell/src/**/*.test.{ts,tsx}',
            'remotes/*/src/**/*.test.{ts,tsx}',
            'shared/*/src/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        test: {
          name: 'scripts',
          environment: 'node',
          include: ['scripts/**/*.test.mjs', 'shared/build/**/*.test.mjs', 'bench/**/*.test.ts'],
        },
      },
    ],
  },
});
