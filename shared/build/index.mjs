import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { buildInfo } from './build-info.mjs';
import { CATALOG_COMPLETENESS_FILE, catalogCompleteness, pluginCatalogCompleteness } from './catalog-completeness.mjs';
import { compressAssets } from './compress-assets.mjs';
import { PAGE_CATALOGS_DIR, pluginPageCatalogs } from './page-catalogs-plugin.mjs';
import { PRERENDER_FILE } from './prerender.mjs';
import { pluginPrerender, REMOTE_PRERENDER, SHELL_PRERENDER } from './prerender-plugin.mjs';
import { PAGE_ASSETS_FILE, pluginRouteTable, ROUTE_TABLE_FILE, readRouteTable } from './route-table-plugin.mjs';
import { ROUTER_EXPORTS, sharedDependencies } from './shared-dependencies.mjs';
import { pluginShellChunkGroups, SHELL_CHUNKS_FILE } from './shell-chunk-groups.mjs';

const requireHere = createRequire(import.meta.url);
const { CATALOG_PATTERN } = requireHere('./compile-catalog.cjs');

export { buildPrerender } from './prerender.mjs';
export {
  buildInfo,
  CATALOG_COMPLETENESS_FILE,
  catalogCompleteness,
  PAGE_ASSETS_FILE,
  PAGE_CATALOGS_DIR,
  PRERENDER_FILE,
  REMOTE_PRERENDER,
  ROUTE_TABLE_FILE,
  ROUTER_EXPORTS,
  readRouteTable,
  SHELL_CHUNKS_FILE,
  SHELL_PRERENDER,
  sharedDependencies,
};

/**
 * locales/<locale>.json catalogs compiled to Lingui's message form at build time
 * (compile-catalog.cjs): the browser gets no ICU parser.
 */
export function pluginCatalogs() {
  return {
    name: 'outpost:catalogs',
    setup(api) {
      api.modifyRspackConfig((config) => {
        config.module ??= {};
        config.module.rules = [
          ...(config.module.rules ?? []),
          { test: CATALOG_PATTERN, type: 'javascript/auto', loader: requireHere.resolve('./catalog-loader.cjs') },
        ];
      });
    },
  };
}

/** kebab-case remote id -> Module Federation container name. */
export function containerName(remoteId) {
  return remoteId.replaceAll('-', '_');
}

/**
 * Brotli and gzip copies of every text asset once the build (and every plugin writing into
 * dist, like the route table) is done.
 */
export function pluginCompressAssets() {
  return {
    name: 'outpost:compress-assets',
    setup(api) {
      api.onAfterBuild({ order: 'post', handler: () => compressAssets(api.context.distPath) });
    },
  };
}

/**
 * <link rel=preload> in the shell's index.html for the chunks its first screen needs but that
 * load only once the entry has run (the `import('./bootstrap')` boundary Module Federation
 * needs, and the shared router's chunk). Without them they start ~250 ms into a cold load,
 * after the entry has been fetched, parsed and run; with them they arrive with the entry.
 * Files come from the compilation, so they follow every rebuild and content hash.
 */
export function pluginPreloadFirstChunks({ chunkName = 'bootstrap', sharedPackages = ['react-router'] } = {}) {
  return {
    name: 'outpost:preload-first-chunks',
    setup(api) {
      api.modifyHTMLTags(({ headTags, bodyTags }, { compilation, environment }) => {
        const files = new Set();
        const group = compilation.namedChunkGroups.get(chunkName);
        if (!group) throw new Error(`no chunk named ${chunkName}: name the import with webpackChunkName`);
        for (const chunk of group.chunks) for (const file of chunk.files) files.add(file);
        const packagePattern = new RegExp(`[\\/]node_modules[\\/](${sharedPackages.join('|')})[\\/]`);
        for (const chunk of compilation.chunks) {
          if (chunk.canBeInitial()) continue;
          const modules = compilation.chunkGraph.getChunkModules(chunk);
          if (modules.some((module) => packagePattern.test(module.resource ?? module.identifier?.() ?? ''))) {
            for (const file of chunk.files) files.add(file);
          }
        }
        const prefix = environment.config.output.assetPrefix === 'auto' ? '/' : environment.config.output.assetPrefix;
        const href = (file) => `${prefix.replace(/\/?$/, '/')}${file}`;
        // Chunks as defer scripts, not preloads: the browser compiles a parser-inserted script
        // off the main thread while it downloads, and running one only registers its modules.
        // The entry's import() then finds them installed instead of inserting, compiling and
        // running each on the main thread (51 ms of a cold `/` went there).
        const preloads = [...files]
          .filter((file) => /\.(js|css)$/.test(file))
          .sort()
          .map((file) =>
            file.endsWith('.css')
              ? { tag: 'link', attrs: { rel: 'preload', as: 'style', href: href(file) } }
              : { tag: 'script', attrs: { defer: true, src: href(file) } },
          );
        // The entry scripts are needed first: ahead of every preload (the page's Link header
        // preloads too), which defer scripts' default low priority would leave them behind.
        const tags = headTags.map((tag) =>
          tag.tag === 'script' && tag.attrs?.src ? { ...tag, attrs: { ...tag.attrs, fetchpriority: 'high' } } : tag,
        );
        return { headTags: [...tags, ...preloads], bodyTags };
      });
    },
  };
}

/**
 * OUTPOST_READABLE_BUILD=1 pnpm build: the shell and remotes unminified, so a CPU profile of a
 * page load (PAGE_LOAD_PROFILE=... pnpm bench page-load) names its functions. Never shipped.
 */
function readableBuild() {
  return process.env.OUTPOST_READABLE_BUILD === '1' ? { minify: false } : {};
}

/**
 * The Module Federation packages a remote's entry takes from the shell (globals the shell sets
 * in shell/src/index.ts before any remote entry runs) instead of bundling its own copy: the
 * runtime core (through the plugin's externalRuntime) and the two stateless packages beside it.
 * The servers remote's entry is on every first load: the sdk and error codes were 4.1 KB
 * brotli of it, the same code the shell already carries.
 */
export const SHELL_RUNTIME_GLOBALS = {
  '@module-federation/sdk': '_FEDERATION_SDK',
  '@module-federation/error-codes': '_FEDERATION_ERROR_CODES',
};

/** Takes SHELL_RUNTIME_GLOBALS from the page's globals (as externalRuntime does the core). */
function pluginShellRuntimeGlobals() {
  return {
    name: 'outpost:shell-runtime-globals',
    setup(api) {
      api.modifyRspackConfig((config, { rspack }) => {
        config.plugins = [...(config.plugins ?? []), new rspack.ExternalsPlugin('global', SHELL_RUNTIME_GLOBALS)];
      });
    },
  };
}

/**
 * 8 hex digits of content hash in file names (Rsbuild's default is 10): each entry's runtime
 * lists every chunk's hash, ~50 in the shell's and the servers remote's, both on every first
 * load. Still unique enough to cache a name forever (api/src/web/cache-policy.ts wants 8 or more).
 */
const FILENAME_HASH = 'contenthash:8';

/**
 * Rsbuild config of a remote: exposes only ./manifest, everything else is lazy behind it.
 * `pageCatalogs`: { owner id: [catalog folders] } of the catalogs its public first screens draw
 * with (see page-catalogs-plugin.mjs), for the server to put in the page (English included).
 */
export function defineRemoteConfig({ id, pageCatalogs = {} }) {
  return defineConfig({
    source: { entry: { index: './src/standalone.ts' } },
    html: { title: `Outpost remote: ${id}` },
    plugins: [
      pluginReact(),
      pluginCatalogs(),
      pluginRouteTable(id),
      pluginCatalogCompleteness(Object.values(pageCatalogs).flat()),
      // A remote's English is not bundled: it travels in the page as well.
      pluginPageCatalogs(pageCatalogs, { english: true }),
      pluginPrerender(REMOTE_PRERENDER),
      pluginCompressAssets(),
      pluginShellRuntimeGlobals(),
      pluginShortMfErrors(),
      pluginModuleFederation({
        name: containerName(id),
        exposes: { './manifest': './src/manifest.ts' },
        shared: sharedDependencies(),
        dts: false,
        // Use the shell's copy of the MF runtime core (globalThis._FEDERATION_RUNTIME_CORE, set
        // by shell/src/index.ts) instead of bundling ~30 KB gzip into every remote entry: six
        // remotes load on the first page. A remote is never opened on its own.
        // A remote consumes no other remote and needs no manifest snapshots: compile that
        // code out of its entry.
        experiments: {
          externalRuntime: true,
          optimization: { disableRemote: true, disableSnapshot: true, target: 'web' },
        },
      }),
    ],
    // 'auto': chunks load relative to where the remote's entry was fetched from,
    // not from the shell's origin.
    output: {
      assetPrefix: 'auto',
      distPath: { root: 'dist' },
      filenameHash: FILENAME_HASH,
      cleanDistPath: true,
      ...readableBuild(),
    },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
    dev: { lazyCompilation: false },
    // Only Rsbuild's own dev/preview server reads this (Outpost's API serves the builds, with
    // its own headers): let pages on this machine load the remote. Naming the origins also
    // keeps the MF plugin from adding `Access-Control-Allow-Origin: *` and warning about it
    // in every remote's build (issue 24).
    server: { cors: { origin: LOOPBACK_ORIGIN } },
  });
}

/** A page served from this machine (localhost, 127.0.0.1 or ::1, any port). */
export const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

const MF_ERROR_CODES_FILE = fileURLToPath(new URL('./mf-error-codes.cjs', import.meta.url));
const MF_SHORT_ERROR_FILE = fileURLToPath(new URL('./mf-short-error.cjs', import.meta.url));
/** The shell's error codes of the MF runtime: codes without their descriptions (mf-error-codes.cjs). */
const MF_ERROR_CODES = {
  '@module-federation/error-codes$': MF_ERROR_CODES_FILE,
  '@module-federation/error-codes/browser$': MF_ERROR_CODES_FILE,
};

/**
 * The MF bundler runtime (in the shell's and every remote's entry) carries its own copy of the
 * error codes' message builder, docs link included: the short one (mf-short-error.cjs) instead.
 */
function pluginShortMfErrors() {
  return {
    name: 'outpost:short-mf-errors',
    setup(api) {
      api.modifyRspackConfig((config, { rspack }) => {
        config.plugins = [
          ...(config.plugins ?? []),
          new rspack.NormalModuleReplacementPlugin(
            /[\\/]error-codes[\\/]dist[\\/]getShortErrorMsg\.c?js$/,
            MF_SHORT_ERROR_FILE,
          ),
        ];
      });
    },
  };
}

/** Rsbuild config of the shell: a host that knows no remote at build time. */
export function defineShellConfig() {
  const info = buildInfo();
  return defineConfig({
    source: {
      entry: { index: './src/index.ts' },
      define: { __OUTPOST_BUILD__: JSON.stringify(info) },
    },
    html: { title: 'Outpost', template: './src/index.html' },
    resolve: { alias: MF_ERROR_CODES },
    plugins: [
      pluginReact(),
      pluginCatalogs(),
      pluginCompressAssets(),
      pluginPreloadFirstChunks(),
      pluginShortMfErrors(),
      pluginShellChunkGroups({ named: ['signed-in'], modules: { kit: /[\\/]shared[\\/]ui[\\/]src[\\/]index\.ts$/ } }),
      // The shell's locale chunks' content (the kit's messages, then the shell's) for the page;
      // and the shell's first-load words (shell/src/chrome), whose English is not bundled:
      // it travels in the page too, as a remote's first screen's does.
      pluginPageCatalogs(
        { shell: ['@outpost/ui/locales', 'locales'], 'shell-chrome': ['src/chrome/locales'] },
        { english: ['shell-chrome'] },
      ),
      pluginPrerender(SHELL_PRERENDER),
      pluginModuleFederation({
        name: 'shell',
        shared: sharedDependencies({ eager: true }),
        dts: false,
        // Compiles out the runtime's Node.js paths: -1.7 KB brotli on every first load.
        experiments: { optimization: { target: 'web' } },
      }),
    ],
    output: { distPath: { root: 'dist' }, filenameHash: FILENAME_HASH, cleanDistPath: true, ...readableBuild() },
    dev: { lazyCompilation: false },
  });
}

/**
 * Rsbuild config of the page-load bench's bare baseline (bench/bare-page): the same bundler,
 * React plugin and build-time compression as the apps, no Module Federation. Served by the
 * API process under /remotes/bare/.
 */
export function defineBarePageConfig() {
  return defineConfig({
    source: { entry: { index: './src/index.tsx' } },
    html: { title: 'Bare baseline' },
    plugins: [pluginReact(), pluginCompressAssets()],
    output: { assetPrefix: '/remotes/bare/', distPath: { root: 'dist' }, cleanDistPath: true },
  });
}
