// The shell's lazy chunks a signed-in page wants at once (issue 30: /admin/bans for staff).
// Written beside index.html as shell-chunks.json; the server reads it (api/src/web/static-site.ts)
// and, on a visit that carries a session, sends these files as defer scripts with the page.
// Without them the signed-in chrome (user menu, bell) and the full kit (which every remote's
// staff page shares from the shell) were asked for only once the shell's code had run: a third
// round of requests, ~70 ms after the second even on loopback.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SHELL_CHUNKS_FILE = 'shell-chunks.json';

const scriptsAndStyles = (files) => files.filter((file) => /\.(js|css)$/.test(file));

/**
 * Writes { name: files } for each named chunk group in `named` (a `webpackChunkName`) and each
 * entry of `modules` (the lazy chunks holding a module whose path matches, and the chunks loaded
 * with them: a shared package's own chunk has no name to give it).
 */
export function pluginShellChunkGroups({ named = [], modules = {} }) {
  return {
    name: 'outpost:shell-chunk-groups',
    setup(api) {
      api.onAfterBuild(({ stats }) => {
        const json = stats.toJson({
          all: false,
          chunkGroups: true,
          chunks: true,
          chunkModules: true,
          chunkRelations: true,
          ids: true,
        });
        const groups = {};
        for (const name of named) {
          const group = json.namedChunkGroups?.[name];
          if (!group) throw new Error(`no chunk named ${name}: name the import with webpackChunkName`);
          const files = (group.assets ?? []).map((asset) => (typeof asset === 'string' ? asset : asset.name));
          groups[name] = scriptsAndStyles(files).sort();
        }
        const chunks = json.chunks ?? [];
        for (const [name, pattern] of Object.entries(modules)) {
          const holding = chunks.filter(
            (chunk) => !chunk.initial && (chunk.modules ?? []).some((module) => pattern.test(module.name ?? '')),
          );
          // With their siblings: a shared package's factory loads its own chunk together with the
          // chunks its dependencies were split into (the kit: its zod part, `s`, was left out, and
          // fetched one round after the rest on every staff page).
          const ids = new Set(
            holding.flatMap((chunk) => [...(chunk.id === undefined ? [] : [chunk.id]), ...(chunk.siblings ?? [])]),
          );
          const files = chunks
            .filter((chunk) => !chunk.initial && ids.has(chunk.id))
            .flatMap((chunk) => chunk.files ?? []);
          if (files.length === 0) throw new Error(`no lazy chunk holds a module matching ${pattern}`);
          groups[name] = scriptsAndStyles(files).sort();
        }
        mkdirSync(api.context.distPath, { recursive: true });
        writeFileSync(join(api.context.distPath, SHELL_CHUNKS_FILE), JSON.stringify(groups));
      });
    },
  };
}
