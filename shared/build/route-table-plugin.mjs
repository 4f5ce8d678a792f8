// A remote's route table (route-table.json, read from its src/manifest.ts) and page assets
// (page-assets.json, for the server's preload hints), written beside mf-manifest.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The file a remote's build writes its route table to, beside mf-manifest.json. */
export const ROUTE_TABLE_FILE = 'route-table.json';

const buildDir = dirname(fileURLToPath(import.meta.url));
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;

/**
 * The remote's route table, from its src/manifest.ts checked against the contract's schema
 * and version (in a child process under tsx, so every watch rebuild reads the file anew).
 * Throws, failing the build, when the manifest is invalid.
 */
export function readRouteTable(remoteDir, id, mode = []) {
  try {
    return execFileSync(
      process.execPath,
      ['--import', tsxLoader, join(buildDir, 'emit-route-table.mjs'), remoteDir, id, ...mode],
      {
        cwd: remoteDir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  } catch (error) {
    throw new Error(`route table of ${id} is invalid:\n${error.stderr || error.message}`);
  }
}

/** The file a remote's build lists each route's page chunks in, for the server's preload hints. */
export const PAGE_ASSETS_FILE = 'page-assets.json';

/** What a remote's English catalog is imported as (its src/catalogs.ts: `import('../locales/en.json')`). */
const ENGLISH_CATALOG = /(^|[\\/])locales[\\/]en\.json$/;

/**
 * Route path -> the JS and CSS files of the chunks its page loader imports (every chunk whose
 * origins include that import from src/manifest.ts), and for a route that declares its loader waits for the
 * remote's catalogs, the English catalog's chunk (every locale's fallback: fetched in every
 * language). The server hints them with the shell page (api/src/web/page-preloads.ts) so a
 * page's own chunk is not one more round trip after the remote's entry has run, nor its words
 * one more after the page's loader has run (issue 30: /admin/bans asked for them last).
 */
function pageAssets(stats, loaders) {
  const { chunks = [] } = stats.toJson({ all: false, chunks: true, chunkOrigins: true });
  const filesOf = (matches) =>
    chunks
      .filter((chunk) => (chunk.origins ?? []).some(matches))
      .flatMap((chunk) => chunk.files ?? [])
      .filter((file) => /\.(js|css)$/.test(file));
  const english = filesOf((origin) => ENGLISH_CATALOG.test(origin.request ?? ''));
  const assets = {};
  for (const [routePath, { specifier, catalogs }] of Object.entries(loaders)) {
    const files = filesOf(
      (origin) => origin.request === specifier && /src[\\/]manifest\.ts$/.test(origin.moduleName ?? ''),
    );
    if (files.length > 0) assets[routePath] = [...new Set([...files, ...(catalogs ? english : [])])].sort();
  }
  return assets;
}

/** Emits route-table.json beside mf-manifest.json: the shell reads it before any remote code runs. */
export function pluginRouteTable(id) {
  return {
    name: 'outpost:route-table',
    setup(api) {
      let table = null;
      let loaders = {};
      api.onBeforeBuild(() => {
        table = readRouteTable(api.context.rootPath, id);
        loaders = JSON.parse(readRouteTable(api.context.rootPath, id, ['--loaders']));
      });
      api.onAfterBuild(({ stats }) => {
        mkdirSync(api.context.distPath, { recursive: true });
        writeFileSync(join(api.context.distPath, ROUTE_TABLE_FILE), table);
        writeFileSync(join(api.context.distPath, PAGE_ASSETS_FILE), JSON.stringify(pageAssets(stats, loaders)));
      });
    },
  };
}
