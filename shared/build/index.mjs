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

const sharedDir = dirname(dirname(fileURLToPath(import.meta.url)));

function workspaceVersion(pkg) {
  const json = JSON.parse(readFileSync(join(sharedDir, pkg, 'package.json'), 'utf8'));
  return `^${json.version}`;
}

function dependencyVersion(pkg, dependency) {
  const json = JSON.parse(readFileSync(join(sharedDir, pkg, 'package.json'), 'utf8'));
  return json.dependencies[dependency];
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
  'useOutletContext',
  'useParams',
  'useRoutes',
  'useSearchParams',
];

/**
 * Module Federation shared dependencies. React, the router, zustand and the host package
 * are singletons: two copies would mean two session stores and broken hooks. The ui kit is
 * shared to save bytes, not for identity. @outpost/contracts is not shared: a shared module
 * is not tree-shaken, and each app needs a few schemas of it (zod/mini ones on the first load),
 * so every app bundles just what it imports.
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
    '@outpost/host': { singleton: true, requiredVersion: workspaceVersion('host') },
    '@outpost/ui': { requiredVersion: workspaceVersion('ui') },
    // The permission matcher the contracts use on every page: one copy, from the shell. (Not
    // zod/mini: shared whole it outweighs two tree-shaken copies.)
    'picomatch/posix.js': { requiredVersion: dependencyVersion('contracts', 'picomatch') },
  };
  if (!eager) return shared;
  // The shell needs every one of these before it draws anything: bundled into its first
  // chunk (eager) they arrive in one request instead of one chunk each.
  // (The federation runtime refuses eager with treeShaking: the router stays a chunk of its own.)
  return Object.fromEntries(
    Object.entries(shared).map(([name, config]) => [name, config.treeShaking ? config : { ...config, eager: true }]),
  );
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
export function readRouteTable(remoteDir, id) {
  try {
    return execFileSync(
      process.execPath,
      ['--import', tsxLoader, join(buildDir, 'emit-route-table.mjs'), remoteDir, id],
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

/** Emits route-table.json beside mf-manifest.json: the shell reads it before any remote code runs. */
function pluginRouteTable(id) {
  return {
    name: 'outpost:route-table',
    setup(api) {
      let table = null;
      api.onBeforeBuild(() => {
        table = readRouteTable(api.context.rootPath, id);
      });
      api.onAfterBuild(() => {
        mkdirSync(api.context.distPath, { recursive: true });
        writeFileSync(join(api.context.distPath, ROUTE_TABLE_FILE), table);
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

/** Rsbuild config of a remote: exposes only ./manifest, everything else is lazy behind it. */
export function defineRemoteConfig({ id }) {
  return defineConfig({
    source: { entry: { index: './src/standalone.ts' } },
    html: { title: `Outpost remote: ${id}` },
    plugins: [
      pluginReact(),
      pluginRouteTable(id),
      pluginCompressAssets(),
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
    output: { assetPrefix: 'auto', distPath: { root: 'dist' }, cleanDistPath: true },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
    dev: { lazyCompilation: false },
  });
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
    plugins: [
      pluginReact(),
      pluginCompressAssets(),
      pluginModuleFederation({ name: 'shell', shared: sharedDependencies({ eager: true }), dts: false }),
    ],
    output: { distPath: { root: 'dist' }, cleanDistPath: true },
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
