// The one place that says how Outpost apps are built and what they share at run time.
// Plain JavaScript so every rsbuild.config.ts can import it without a TS loader.
import { execFileSync, execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { compressAssets } from './compress-assets.mjs';
import { buildPrerender, PRERENDER_FILE } from './prerender.mjs';
import { pluginShellChunkGroups, SHELL_CHUNKS_FILE } from './shell-chunk-groups.mjs';

const requireHere = createRequire(import.meta.url);
const { CATALOG_PATTERN } = requireHere('./compile-catalog.cjs');

export { buildPrerender, PRERENDER_FILE, SHELL_CHUNKS_FILE };

const sharedDir = dirname(dirname(fileURLToPath(import.meta.url)));

function workspaceVersion(pkg) {
  const json = JSON.parse(readFileSync(join(sharedDir, pkg, 'package.json'), 'utf8'));
  return `^${json.version}`;
}

/** Every react-router export any Outpost app uses (see sharedDependencies). */
export const ROUTER_EXPORTS = [
  'BrowserRouter',
  'Link',
  'NavLink',
  'Navigate',
  'Outlet',
  'Route',
  'Routes',
  'generatePath',
  'matchPath',
  'useHref',
  'useInRouterContext',
  'useLocation',
  'useMatch',
  'useNavigate',
  'useNavigationType',
  'useOutletContext',
  'useParams',
  'useRoutes',
  'useSearchParams',
];

/**
 * Module Federation shared dependencies. React, the router, zustand and the host package
 * are singletons: two copies would mean two session stores and broken hooks. The ui kit is
 * shared to save bytes, not for identity. @outpost/contracts as a whole is not shared: a shared
 * module is not tree-shaken, and each app needs a few schemas of it, so every app bundles just
 * what it imports. Its first-load part (@outpost/contracts/browser: small checkers generated
 * from the zod schemas, no zod) is shared: the shell needs all of it on every first load anyway,
 * and a remote page on a first load (the servers overview on `/`) then checks with the shell's
 * copy instead of bringing its own.
 */
export function sharedDependencies({ eager = false } = {}) {
  const shared = {
    react: { singleton: true, requiredVersion: '^19.3.0' },
    'react/jsx-runtime': { singleton: true, requiredVersion: '^19.3.0' },
    'react-dom': { singleton: true, requiredVersion: '^19.3.0' },
    'react-router': {
      singleton: true,
      requiredVersion: '^7.18.0',
      // Shared modules are not tree-shaken unless told which exports are used: react-router
      // whole is ~60 KB gzip. Add an export here before using it in any app.
      treeShaking: { mode: 'runtime-infer', usedExports: ROUTER_EXPORTS },
    },
    zustand: { singleton: true, requiredVersion: '^5.1.0' },
    // One Lingui i18n instance (its active locale and loaded catalogs) for the shell, the kit
    // and every remote. Use it through @outpost/host (useT, i18n), which owns the locale store.
    '@lingui/core': { singleton: true, requiredVersion: '5.9.5' },
    '@outpost/host': { singleton: true, requiredVersion: workspaceVersion('host') },
    // The first screen's part of the kit (shared/ui/src/core.ts): eager in the shell, on every
    // first load. The rest of the kit is a chunk the shell provides when a page asks for it
    // (lazy: not on `/`); it takes its core part from '@outpost/ui/core' (one copy).
    '@outpost/ui/core': { requiredVersion: workspaceVersion('ui') },
    '@outpost/ui': { requiredVersion: workspaceVersion('ui'), lazy: true },
    // The zod-free checks the shell and `/`'s page use: one copy, from the shell.
    '@outpost/contracts/browser': { singleton: true, requiredVersion: workspaceVersion('contracts') },
    // (picomatch is not shared: only the host singleton's can() uses it, loaded lazily, and
    // as a provided eager module it would be on every first load.)
  };
  if (!eager) return Object.fromEntries(Object.entries(shared).map(([name, { lazy, ...config }]) => [name, config]));
  // The shell needs every one of these before it draws anything: bundled into its first
  // chunk (eager) they arrive in one request instead of one chunk each.
  // (The federation runtime refuses eager with treeShaking: the router stays a chunk of its own.)
  return Object.fromEntries(
    Object.entries(shared).map(([name, { lazy, ...config }]) => [
      name,
      config.treeShaking || lazy ? config : { ...config, eager: true },
    ]),
  );
}

/** The shared singletons by module name: what a remote's prerender module gets from the shell's. */
const SINGLETONS = Object.entries(sharedDependencies())
  .filter(([, config]) => config.singleton)
  .map(([name]) => name);

/**
 * The shell's prerender module provides the singletons (its `shared`) and uses zustand with a
 * server snapshot that is the state as set (src/prerender/zustand-on-server.ts).
 */
export const SHELL_PRERENDER = {
  entry: './src/prerender/prerender.tsx',
  external: [],
  replace: { zustand: './src/prerender/zustand-on-server.ts' },
};

/** A remote's prerender module takes the singletons from the shell's. */
export const REMOTE_PRERENDER = { entry: './src/prerender.ts', external: SINGLETONS };

/**
 * dist/prerender.cjs: the app's prerender module for the server-drawn first screen
 * (api/src/web/prerender), from `entry` when the app has one, built for Node from the same
 * sources with the same defines. `external` modules come from the shell's prerender module at
 * run time (its `shared`), as the federation runtime's share scope gives them in a browser.
 */
function pluginPrerender({ entry, external, replace }) {
  return {
    name: 'outpost:prerender',
    setup(api) {
      api.onAfterBuild({
        order: 'pre',
        handler: ({ environments }) => {
          const config = Object.values(environments)[0]?.config ?? api.getNormalizedConfig();
          return buildPrerender({
            rootPath: api.context.rootPath,
            distPath: api.context.distPath,
            entry,
            external,
            replace,
            define: config.source?.define ?? {},
            minify: process.env.OUTPOST_READABLE_BUILD !== '1',
          });
        },
      });
    },
  };
}

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

function gitValue(command, fallback) {
  try {
    return (
      execSync(command, { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || fallback
    );
  } catch {
    return fallback;
  }
}

/** Branch, commit and date of this build, shown in the footer's Build Info. */
export function buildInfo() {
  return {
    branch: process.env.OUTPOST_BUILD_BRANCH ?? gitValue('git rev-parse --abbrev-ref HEAD', 'unknown'),
    commit: process.env.OUTPOST_BUILD_COMMIT ?? gitValue('git rev-parse --short HEAD', 'unknown'),
    date: new Date().toISOString(),
  };
}

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

/**
 * Route path -> the JS and CSS files of the chunks its page loader imports (every chunk whose
 * origins include that import from src/manifest.ts). The server hints them with the shell page
 * (api/src/web/page-preloads.ts) so a page's own chunk is not one more round trip after the
 * remote's entry has run.
 */
function pageAssets(stats, loaders) {
  const { chunks = [] } = stats.toJson({ all: false, chunks: true, chunkOrigins: true });
  const assets = {};
  for (const [routePath, specifier] of Object.entries(loaders)) {
    const files = chunks
      .filter((chunk) =>
        (chunk.origins ?? []).some(
          (origin) => origin.request === specifier && /src[\\/]manifest\.ts$/.test(origin.moduleName ?? ''),
        ),
      )
      .flatMap((chunk) => chunk.files ?? [])
      .filter((file) => /\.(js|css)$/.test(file));
    if (files.length > 0) assets[routePath] = [...new Set(files)].sort();
  }
  return assets;
}

/** Emits route-table.json beside mf-manifest.json: the shell reads it before any remote code runs. */
function pluginRouteTable(id) {
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

/** Rsbuild config of a remote: exposes only ./manifest, everything else is lazy behind it. */
export function defineRemoteConfig({ id }) {
  return defineConfig({
    source: { entry: { index: './src/standalone.ts' } },
    html: { title: `Outpost remote: ${id}` },
    plugins: [
      pluginReact(),
      pluginCatalogs(),
      pluginRouteTable(id),
      pluginPrerender(REMOTE_PRERENDER),
      pluginCompressAssets(),
      pluginShellRuntimeGlobals(),
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

/** Rsbuild config of the shell: a host that knows no remote at build time. */
export function defineShellConfig() {
  const info = buildInfo();
  return defineConfig({
    source: {
      entry: { index: './src/index.ts' },
      define: { __OUTPOST_BUILD__: JSON.stringify(info) },
    },
    html: { title: 'Outpost', template: './src/index.html' },
    plugins: [
      pluginReact(),
      pluginCatalogs(),
      pluginCompressAssets(),
      pluginPreloadFirstChunks(),
      pluginShellChunkGroups({ named: ['signed-in'], modules: { kit: /[\\/]shared[\\/]ui[\\/]src[\\/]index\.ts$/ } }),
      pluginPrerender(SHELL_PRERENDER),
      pluginModuleFederation({
        name: 'shell',
        shared: sharedDependencies({ eager: true }),
        dts: false,
        // Compiles out the runtime's Node.js paths: -1.7 KB brotli on every first load.
        experiments: { optimization: { target: 'web' } },
      }),
    ],
    output: { distPath: { root: 'dist' }, cleanDistPath: true, ...readableBuild() },
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
