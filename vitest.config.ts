import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vitest/config';

const { CATALOG_PATTERN, compileCatalog } = createRequire(import.meta.url)('./shared/build/compile-catalog.cjs') as {
  CATALOG_PATTERN: RegExp;
  compileCatalog(source: string, file?: string): string;
};

/**
 * locales/<locale>.json compiled as the builds compile them (shared/build compile-catalog.cjs):
 * Lingui 5 does not compile raw messages at run time, so without this a message's arguments and
 * plurals ("{count, plural, …}") would reach the test as their ICU source. The result stays
 * JSON, for Vite's own JSON plugin to turn into a module.
 */
function compiledCatalogs(): Plugin {
  return {
    name: 'outpost:catalogs',
    enforce: 'pre',
    transform(source, id) {
      if (!CATALOG_PATTERN.test(id)) return null;
      const module = compileCatalog(source, id);
      return { code: module.slice('export default '.length, module.lastIndexOf(';')), map: null };
    },
  };
}

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
        plugins: [compiledCatalogs()],
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
