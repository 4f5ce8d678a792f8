// Builds an app's prerender module (see pluginPrerender in index.mjs) with esbuild, the
// bundler the API's own Node build uses: rsbuild's is set up for the browser and Module
// Federation, and this is one CommonJS file for Node with a few externals.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';

const { CATALOG_PATTERN, compileCatalog } = createRequire(import.meta.url)('./compile-catalog.cjs');

/** locales/<locale>.json compiled as in the browser build (compile-catalog.cjs). */
const catalogs = {
  name: 'outpost:catalogs',
  setup(build) {
    build.onLoad({ filter: CATALOG_PATTERN }, async (args) => ({
      contents: compileCatalog(await readFile(args.path, 'utf8'), args.path),
      loader: 'js',
    }));
  },
};

/** Where an app's build writes its prerender module, beside mf-manifest.json. */
export const PRERENDER_FILE = 'prerender.cjs';

/**
 * `replace`: module name -> file, used for that module everywhere in the bundle but in the file
 * itself (so the replacement can build on the original's subpaths).
 */
function replaceModules(replace, rootPath) {
  return {
    name: 'outpost:replace-modules',
    setup(build) {
      for (const [name, file] of Object.entries(replace)) {
        const target = join(rootPath, file);
        const exact = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
        build.onResolve({ filter: exact }, (args) => (args.importer === target ? undefined : { path: target }));
      }
    },
  };
}

export async function buildPrerender({ rootPath, distPath, entry, external, replace = {}, define, minify }) {
  const entryFile = join(rootPath, entry);
  if (!existsSync(entryFile)) return;
  await build({
    entryPoints: [entryFile],
    outfile: join(distPath, PRERENDER_FILE),
    absWorkingDir: rootPath,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20.19',
    jsx: 'automatic',
    // Styles reach the browser as the app's CSS files; the server only writes markup.
    loader: { '.css': 'empty', '.svg': 'dataurl', '.png': 'dataurl' },
    define: { ...define, 'process.env.NODE_ENV': '"production"' },
    external: external.flatMap((name) => [name, `${name}/*`]),
    plugins: [replaceModules(replace, rootPath), catalogs],
    minify,
    legalComments: 'none',
    logLevel: 'warning',
  });
}
