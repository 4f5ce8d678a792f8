import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { SizeLimitError, stageStream } from './staging';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-staging-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** `data` cut into pieces of pseudo-random sizes up to `largest`, as a socket might deliver it. */
function* pieces(data: Buffer, largest: number, seed: number) {
  let state = seed;
  for (let offset = 0; offset < data.length; ) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const size = 1 + (state % largest);
    yield data.subarray(offset, offset + size);
    offset += size;
  }
}

/**
 * A source that delivers `good`, then fails like a client going away: at once, while most of it
 * still waits for the disk (a 1 MiB buffer), or after `pauseMs`.
 */
function brokenAfter(good: Buffer, pauseMs = 0): Readable {
  return Readable.from(
    (async function* () {
      yield* pieces(good, 100_000, 7);
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      throw new Error('connection reset');
    })(),
  );
}

/**
 * A source that delivers `good` as it is read, then closes without an end or an error (a premature
 * close) once all of it has been taken.
 */
function closedAfter(good: Buffer): Readable {
  const queue = [...pieces(good, 100_000, 5)];
  return new Readable({
    highWaterMark: 0,
    read() {
      const piece = queue.shift();
      if (piece) this.push(piece);
      else setImmediate(() => this.destroy());
    },
  });
}

/** Descriptors of this process (the hash worker's included) still open on `file`. */
function openOn(file: string): number {
  return fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(file);
    } catch {
      return false;
    }
  }).length;
}

/** A folder of the test's own: what it leaves is its own, whatever else is still running. */
const freshDir = () => fs.mkdtempSync(path.join(dir, 'case-'));
const staged = (folder: string) => fs.readdirSync(folder).filter((name) => name.startsWith('staging-'));
// Tens of MB staged and hashed: generous for a machine shared with builds.
const SLOW = { timeout: 30_000 };

describe('staging a stream', () => {
  it('stores the bytes with their size and SHA-256, however the stream is cut up', SLOW, async () => {
    const data = randomBytes(9 * 1024 * 1024 + 77);
    for (const [largest, seed] of [
      [65_536, 1],
      [1 << 20, 2],
      [3 << 20, 3],
      [100, 4],
    ] as const) {
      const source = largest === 100 ? data.subarray(0, 50_000) : data;
      const progress: number[] = [];
      const result = await stageStream(Readable.from(pieces(source, largest, seed)), freshDir(), {
        maxBytes: data.length,
        onProgress: (bytes) => progress.push(bytes),
      });
      expect(result.size).toBe(source.length);
      expect(result.sha256, `pieces up to ${largest}`).toBe(sha(source));
      expect(fs.readFileSync(result.path).equals(source)).toBe(true);
      expect(progress.at(-1)).toBe(source.length);
      expect(openOn(result.path)).toBe(0);
      fs.rmSync(result.path);
    }
  });

  it('removes the file when the stream goes past the limit, leaving no descriptor open', SLOW, async () => {
    const folder = freshDir();
    const data = randomBytes(3 * 1024 * 1024);
    const failed = stageStream(Readable.from(pieces(data, 65_536, 5)), folder, { maxBytes: 2 * 1024 * 1024 });
    await expect(failed).rejects.toBeInstanceOf(SizeLimitError);
    expect(staged(folder)).toEqual([]);
    await expect.poll(() => openOn(folder), { timeout: 5000 }).toBe(0);
  });

  it('removes the file when the source fails mid-way, and closes it in the hash worker too', SLOW, async () => {
    const folder = freshDir();
    await expect(stageStream(brokenAfter(randomBytes(5_000_000)), folder, { maxBytes: 1e9 })).rejects.toThrow(
      'connection reset',
    );
    expect(staged(folder)).toEqual([]);
    // The worker lets go of its descriptor once it reads the cancel.
    await expect.poll(() => openOn(folder), { timeout: 5000 }).toBe(0);
  });

  it(
    'takes a request body whole: its own chunks are emptied once written, slices kept, and a failure leaves it open',
    SLOW,
    async () => {
      const data = randomBytes(5 * 1024 * 1024 + 9);
      // Each piece its own buffer (as the HTTP parser's body chunks are), some slices of one shared buffer.
      const ownBuffer = (piece: Buffer) => Buffer.from(new Uint8Array(piece).buffer);
      const owned = [...pieces(data, 65_536, 11)].map((piece, index) => (index % 3 ? ownBuffer(piece) : piece));
      const result = await stageStream(Readable.from(owned), freshDir(), { maxBytes: data.length, requestBody: true });
      expect(result.sha256).toBe(sha(data));
      expect(fs.readFileSync(result.path).equals(data)).toBe(true);
      // Freed once written: empty now. The slices of `data` are not the sink's to free.
      expect(owned.filter((_piece, index) => index % 3 !== 0).every((piece) => piece.buffer.byteLength === 0)).toBe(
        true,
      );
      expect(data.buffer.byteLength).toBeGreaterThan(0);
      fs.rmSync(result.path);

      const folder = freshDir();
      const body = Readable.from(pieces(randomBytes(3 * 1024 * 1024), 65_536, 12));
      const failed = stageStream(body, folder, { maxBytes: 2 * 1024 * 1024, requestBody: true });
      await expect(failed).rejects.toBeInstanceOf(SizeLimitError);
      // The body is still there to be read (Node drains it after the answer): not destroyed.
      expect(body.destroyed).toBe(false);
      expect(staged(folder)).toEqual([]);
      await expect.poll(() => openOn(folder), { timeout: 5000 }).toBe(0);
      body.destroy();
    },
  );

  it('keeps what arrived to resume, and hashes the whole file once appended to', SLOW, async () => {
    const target = path.join(freshDir(), 'staging-resumed');
    const first = randomBytes(2_500_000);
    const rest = randomBytes(1_500_000);
    // Every byte that arrived is in the file, however soon after them the failure came.
    for (const pauseMs of [0, 5]) {
      await expect(
        stageStream(brokenAfter(first, pauseMs), dir, { maxBytes: 1e9, target, keepPartial: true }),
      ).rejects.toThrow('connection reset');
      expect(fs.readFileSync(target).equals(first)).toBe(true);
    }
    // A close with no end is a failure too (never a hang, never a success), and keeps what arrived.
    await expect(stageStream(closedAfter(first), dir, { maxBytes: 1e9, target, keepPartial: true })).rejects.toThrow(
      'Premature close',
    );
    expect(fs.readFileSync(target).equals(first)).toBe(true);
    // Without keepPartial the file goes.
    const gone = path.join(freshDir(), 'staging-gone');
    await expect(stageStream(brokenAfter(first), dir, { maxBytes: 1e9, target: gone })).rejects.toThrow(
      'connection reset',
    );
    expect(fs.existsSync(gone)).toBe(false);

    // The bytes already there count against the limit...
    await expect(
      stageStream(Readable.from([rest]), dir, { maxBytes: 3_000_000, target, append: true, keepPartial: true }),
    ).rejects.toBeInstanceOf(SizeLimitError);
    expect(fs.existsSync(target)).toBe(false);

    // ...and are hashed with the rest.
    fs.writeFileSync(target, first);
    const result = await stageStream(Readable.from(pieces(rest, 65_536, 9)), dir, {
      maxBytes: 1e9,
      target,
      append: true,
      keepPartial: true,
    });
    expect(result).toMatchObject({ path: target, size: 4_000_000, sha256: sha(Buffer.concat([first, rest])) });
    fs.rmSync(target);
  });
});
