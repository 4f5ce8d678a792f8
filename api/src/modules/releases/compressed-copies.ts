import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { HttpError } from '../../lib/http-error';

const brotli = promisify(zlib.brotliDecompress);
const gunzip = promisify(zlib.gunzip);

/**
 * A release's `.br` and `.gz` files are served in place of the plain file to browsers that
 * accept them, so they are checked like the plain files (issue 31 item 10/11): each must be
 * a copy of a plain file in the same release and decompress to exactly its bytes. Anything
 * else (no plain file, other content, not compressed, a bomb) is a 400 and nothing is kept.
 */
export async function assertCompressedCopiesMatch(dir: string, names: string[]): Promise<void> {
  const received = new Set(names);
  for (const name of names) {
    const match = /^(.+)\.(br|gz)$/.exec(name);
    if (!match) continue;
    const plain = match[1] as string;
    const refuse = (why: string) =>
      new HttpError(400, 'COMPRESSED_COPY_MISMATCH', `${name} is not a ${match[2]} copy of ${plain}: ${why}`);
    if (!received.has(plain)) throw refuse('the release holds no such file');
    const original = await fs.promises.readFile(path.join(dir, plain));
    const packed = await fs.promises.readFile(path.join(dir, name));
    // One byte past the original is enough to tell "longer", and stops a decompression bomb.
    const limits = { maxOutputLength: original.length + 1 };
    let unpacked: Buffer;
    try {
      unpacked = match[2] === 'br' ? await brotli(packed, limits) : await gunzip(packed, limits);
    } catch {
      throw refuse('it does not decompress to it');
    }
    if (!unpacked.equals(original)) throw refuse('its content differs');
  }
}
