import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashBehind } from './hash-behind';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-hash-behind-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let files = 0;
const newFile = () => path.join(dir, `file-${files++}`);
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
// Tens of MB written and hashed: generous for a machine shared with builds.
const SLOW = { timeout: 30_000 };
/** Lets the worker take its turns while the writer goes on. */
const pause = () => new Promise((resolve) => setImmediate(resolve));

/** Deterministic chunk sizes from a seed, so a failure names a chunking that can be replayed. */
function chunkSizes(seed: number, total: number, largest: number): number[] {
  let state = seed;
  const sizes: number[] = [];
  for (let left = total; left > 0; ) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const size = Math.min(left, state % (largest + 1));
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

describe('hashing a file behind its writer', () => {
  it('equals crypto.createHash for many chunkings, nudged at any point', SLOW, async () => {
    const data = randomBytes(5 * 1024 * 1024 + 123);
    const cases = [
      { seed: 1, largest: 1 << 20 },
      { seed: 2, largest: 65_536 },
      { seed: 3, largest: 4096 },
      { seed: 4, largest: 3 << 20 },
      { seed: 5, largest: 17 },
    ];
    for (const { seed, largest } of cases) {
      const file = newFile();
      const fd = fs.openSync(file, 'w');
      const hasher = hashBehind(file);
      let offset = 0;
      for (const [index, size] of chunkSizes(seed, largest === 17 ? 4096 : data.length, largest).entries()) {
        fs.writeSync(fd, data, offset, size);
        offset += size;
        if (index % 3 === seed % 3) hasher.more();
        if (index % 50 === 0) await pause();
      }
      fs.closeSync(fd);
      expect(await hasher.finish(offset), `seed ${seed}`).toBe(sha(data.subarray(0, offset)));
    }
  });

  it('hashes an empty file, and bytes that were there before it started (an append)', async () => {
    const empty = newFile();
    fs.writeFileSync(empty, '');
    expect(await hashBehind(empty).finish(0)).toBe(sha(Buffer.alloc(0)));

    const appended = newFile();
    const before = randomBytes(100_000);
    const after = randomBytes(200_000);
    fs.writeFileSync(appended, before);
    const hasher = hashBehind(appended);
    hasher.more();
    await pause();
    fs.appendFileSync(appended, after);
    expect(await hasher.finish(300_000)).toBe(sha(Buffer.concat([before, after])));
  });

  it('serves several files at once, each with its own answer', SLOW, async () => {
    const contents = [randomBytes(3_000_000), randomBytes(10), randomBytes(2_500_000)];
    const paths = contents.map(() => newFile());
    const hashers = paths.map((file) => {
      fs.writeFileSync(file, '');
      return hashBehind(file);
    });
    for (let part = 0; part < 4; part++) {
      contents.forEach((content, index) => {
        const quarter = Math.ceil(content.length / 4);
        fs.appendFileSync(paths[index] as string, content.subarray(part * quarter, (part + 1) * quarter));
        hashers[index]?.more();
      });
      await pause();
    }
    const digests = await Promise.all(hashers.map((hasher, index) => hasher.finish(contents[index]?.length ?? 0)));
    expect(digests).toEqual(contents.map(sha));
  });

  it('refuses a file that is not the size its writer reports, or is gone', async () => {
    const short = newFile();
    fs.writeFileSync(short, randomBytes(1000));
    await expect(hashBehind(short).finish(1001)).rejects.toThrow('read 1000 bytes of 1001');

    const long = newFile();
    fs.writeFileSync(long, randomBytes(1000));
    // Read past the size already (it started before the writer finished), or found more after it.
    await expect(hashBehind(long).finish(999)).rejects.toThrow(/read 1000 bytes of 999|more than 999 bytes/);

    await expect(hashBehind(path.join(dir, 'never-written')).finish(0)).rejects.toThrow('ENOENT');
  });

  it('forgets a cancelled file, which may then be removed, and goes on serving others', async () => {
    const file = newFile();
    fs.writeFileSync(file, randomBytes(2_000_000));
    const hasher = hashBehind(file);
    hasher.more();
    hasher.cancel();
    hasher.cancel();
    fs.rmSync(file);
    await expect(hasher.finish(2_000_000)).rejects.toThrow('already finished or cancelled');

    const next = newFile();
    const data = randomBytes(1234);
    fs.writeFileSync(next, data);
    expect(await hashBehind(next).finish(1234)).toBe(sha(data));
  });
});
