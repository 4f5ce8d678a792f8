#!/usr/bin/env node
// Compiles the API to one JavaScript file, api/dist/server.mjs, for `npm start`: no TypeScript
// loader at run time. The API's own dependencies stay external (installed beside it, native
// better-sqlite3 among them); workspace packages (@outpost/contracts, TypeScript sources) and
// what they use are bundled in. `pnpm dev` keeps running src/ through tsx for fast reloads.
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@outpost/'));

const started = Date.now();
await build({
  // The server, and `pnpm demo` (the same API plus its simulators and seed) beside it.
  entryPoints: { server: path.join(here, 'src/server.ts'), demo: path.join(here, 'src/demo/main.ts') },
  outdir: path.join(here, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // A dependency's subpath (e.g. 'kysely/helpers/postgres') is external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS (picomatch) calls require: give the ES module one.
  banner: {
    js: "import { createRequire as __outpostCreateRequire } from 'node:module'; const require = __outpostCreateRequire(import.meta.url);",
  },
});
// The prerender process's program is read as text and run with `node -e` (src/web/prerender).
copyFileSync(path.join(here, 'src/web/prerender/prerender-process.cjs'), path.join(here, 'dist/prerender-process.cjs'));
console.log(`[outpost] built api/dist/server.mjs and demo.mjs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
