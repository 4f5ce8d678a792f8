// The build's prerender module (dist/prerender.cjs) for the server-drawn first screen: which
// module the shell and a remote build it from, and the Rsbuild plugin that builds it.
import { buildPrerender } from './prerender.mjs';
import { sharedDependencies } from './shared-dependencies.mjs';

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
export function pluginPrerender({ entry, external, replace }) {
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
