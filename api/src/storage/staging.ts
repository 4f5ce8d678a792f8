import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { finished as endOfStream, type Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { hashBehind } from './hash-behind';
import { StagingSink } from './staging-sink';

/**
 * How much may wait for the disk: with Node's 16 KiB default, each 64 KiB network chunk filled
 * the write stream, so the socket was read only once the disk write had finished (reading and
 * writing took turns). With 1 MiB they overlap and the chunks go out together (writev). Per
 * upload, the memory this holds is bounded by it (issue 30: a 1 GB upload).
 */
const DISK_BUFFER_BYTES = 1024 * 1024;

/** The hasher is told the file has grown once per this many bytes written (fewer thread wake-ups). */
const HASH_NUDGE_BYTES = 4 * 1024 * 1024;

/** A staged file's name: recognisable, so start-up can remove orphans. */
export const STAGING_PREFIX = 'staging-';

export function stagingPath(stagingDir: string): string {
  return path.join(stagingDir, `${STAGING_PREFIX}${Date.now()}-${randomBytes(8).toString('hex')}`);
}

/** Thrown when a stream goes past its byte limit; the staged file is removed. */
export class SizeLimitError extends Error {
  override name = 'SizeLimitError';
  constructor(readonly limit: number) {
    super(`larger than ${limit} bytes`);
  }
}

export interface StagedFile {
  path: string;
  size: number;
  sha256: string;
}

export interface StageOptions {
  maxBytes: number;
  /** Called with the running byte count as data arrives (progress). */
  onProgress?: (bytes: number) => void;
  /** Write to this staging file instead of a new one (a resumed download). */
  target?: string;
  /** Append to `target`: its bytes already there are hashed first. */
  append?: boolean;
  /** Keep what arrived when the stream fails (to resume it); a limit breach still removes it. */
  keepPartial?: boolean;
  /**
   * `source` is an HTTP request's body itself (a raw-body upload): its chunks are read by nobody
   * else once written, so their memory is freed at once (staging-sink.ts `releaseChunks`); and a failure leaves it open, since destroying it would destroy the socket
   * and the answer with it (Node reads and drops the rest of the body once the answer is out).
   */
  requestBody?: boolean;
}

/**
 * Streams `source` into a staging file, counting on the way, with backpressure (memory stays
 * flat whatever the size); a worker hashes the file behind the writer (hash-behind.ts), so
 * the event loop only moves bytes. Any failure (limit, aborted source, disk) removes the
 * staging file unless it is being resumed, and rethrows.
 */
export async function stageStream(source: Readable, stagingDir: string, options: StageOptions): Promise<StagedFile> {
  await fs.promises.mkdir(stagingDir, { recursive: true });
  const target = options.target ?? stagingPath(stagingDir);
  // Opened (and truncated, unless appending) before the hasher starts, so it never reads old bytes.
  const fd = await promisify(fs.open)(target, options.append ? 'a' : 'w');
  const hasher = hashBehind(target);
  let size = 0;
  let unhashed = 0;
  const sink = new StagingSink(fd, {
    bufferBytes: DISK_BUFFER_BYTES,
    releaseWritten: options.requestBody === true,
    accept(bytes) {
      if (size + bytes > options.maxBytes) return new SizeLimitError(options.maxBytes);
      size += bytes;
      options.onProgress?.(size);
      return null;
    },
    written(bytes) {
      unhashed += bytes;
      if (unhashed < HASH_NUDGE_BYTES) return;
      unhashed = 0;
      hasher.more();
    },
  });
  try {
    // An append's earlier bytes count against the limit (the hasher reads them itself).
    if (options.append) size = (await promisify(fs.fstat)(fd)).size;
    await pipeInto(source, sink, {
      keepSource: options.requestBody === true,
      flushOnSourceError: options.keepPartial === true,
    });
    return { path: target, size, sha256: await hasher.finish(size) };
  } catch (error) {
    hasher.cancel();
    // Closes the file once no write is in flight (the pipeline has done so unless it never began).
    sink.destroy();
    if (!options.keepPartial || error instanceof SizeLimitError) await removeQuietly(target);
    throw error;
  }
}

/**
 * Like pipeline(source, sink), with two differences a caller may ask for. `keepSource`: a failure
 * destroys only the sink (a request body stays open for its answer). `flushOnSourceError`: when the
 * source fails (a connection reset), what already arrived and waits in the sink's buffer is still
 * written before the failure is thrown, so a resumed download starts after every byte it received
 * (destroying the sink at once dropped up to its 1 MiB buffer, and the file was shorter than what had
 * arrived by a varying amount: the staging test failed under load).
 */
async function pipeInto(
  source: Readable,
  sink: Writable,
  options: { keepSource: boolean; flushOnSourceError: boolean },
): Promise<void> {
  let sourceError: Error | null = null;
  const onSourceError = (error: Error) => {
    sourceError ??= error;
    if (!options.flushOnSourceError) {
      sink.destroy(error);
      return;
    }
    source.unpipe(sink);
    sink.end();
  };
  // An error, or a close before its end (a premature close, which pipeline also treats as a failure).
  const stopWatching = endOfStream(source, (error) => {
    if (error) onSourceError(error);
  });
  source.pipe(sink);
  try {
    await finished(sink);
  } catch (error) {
    if (!options.keepSource) source.destroy();
    throw sourceError ?? error;
  } finally {
    stopWatching();
    source.unpipe(sink);
  }
  if (sourceError) throw sourceError;
}

export async function removeQuietly(file: string): Promise<void> {
  await fs.promises.rm(file, { force: true }).catch(() => undefined);
}

/**
 * Removes staging files nobody has written to for `minAgeMs` (start-up: a crashed upload or
 * download left them; a live one on another instance sharing the folder keeps its file fresh).
 */
export async function cleanStagingDir(stagingDir: string, minAgeMs: number): Promise<number> {
  let names: string[];
  try {
    names = await fs.promises.readdir(stagingDir);
  } catch {
    return 0;
  }
  let removed = 0;
  const cutoff = Date.now() - minAgeMs;
  for (const name of names.filter((entry) => entry.startsWith(STAGING_PREFIX))) {
    const file = path.join(stagingDir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    // mtimeMs carries a sub-millisecond fraction while Date.now() is truncated: a file
    // written in this very millisecond would otherwise look younger than "now".
    if (stat && Math.floor(stat.mtimeMs) <= cutoff) {
      await removeQuietly(file);
      removed++;
    }
  }
  return removed;
}

/** SHA-256 and size of a file on disk. */
export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}
