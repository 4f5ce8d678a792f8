// Compiles a bench's child-process program the way api/build.mjs compiles the API for `npm start`:
// one ES module run by plain node, no TypeScript loader at run time. A process whose memory a
// bench measures is then the process production runs: under tsx, the loader (esbuild, the
// compiled sources and their source maps) added 60-70 MB to the status sweep's peak RSS.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'api');
const requireFromApi = createRequire(path.join(api, 'package.json'));

interface Esbuild {
  build(options: Record<string, unknown>): Promise<unknown>;
}

/**
 * Bundles `entry` (a bench/*.ts program) to api/dist/bench/<name>.mjs, where the API's
 * dependencies resolve as the built server's do (external, from api/node_modules); answers its path.
 */
export async function bundleForNode(entry: string): Promise<string> {
  const esbuild = requireFromApi('esbuild') as Esbuild;
  const { dependencies } = requireFromApi('./package.json') as { dependencies: Record<string, string> };
  const external = Object.keys(dependencies).filter((name) => !name.startsWith('@outpost/'));
  const outfile = path.join(api, 'dist/bench', `${path.basename(entry, '.ts')}.mjs`);
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: external.flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
    // Bundled CommonJS calls require: give the ES module one (as api/build.mjs does).
    banner: {
      js: "import { createRequire as __outpostCreateRequire } from 'node:module'; const require = __outpostCreateRequire(import.meta.url);",
    },
  });
  return outfile;
}
