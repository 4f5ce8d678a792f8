// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of a build, so the
// server sends the smallest copy the browser accepts without compressing per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The same list the server sends `Vary: Accept-Encoding` for (api/src/web/cache-policy.ts). */
export const COMPRESSIBLE = /\.(js|mjs|cjs|css|html|json|svg|map|txt|xml|webmanifest)$/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function isFresh(copy, original) {
  try {
    return (await stat(copy)).mtimeMs >= (await stat(original)).mtimeMs;
  } catch {
    return false;
  }
}

/** Compresses every text asset under `dir` that has no up-to-date copy yet (watch rebuilds redo only what changed). */
export async function compressAssets(dir) {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await isFresh(`${file}.br`, file)) && (await isFresh(`${file}.gz`, file))) return;
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      written += 1;
    }),
  );
  return written;
}
