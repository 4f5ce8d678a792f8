// What every Outpost app shares at run time through Module Federation (singletons and their
// versions), and the react-router exports the apps use.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
