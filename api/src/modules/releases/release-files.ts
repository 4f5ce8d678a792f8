import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { HttpError } from '../../lib/http-error';
import { assertCompressedCopiesMatch } from './compressed-copies';

/** At most this many files in one release (a remote build is a few hundred). */
export const MAX_RELEASE_FILES = 5000;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

/**
 * The one check every uploaded file name goes through: a relative path of plain segments
 * (letters, digits, . _ -; none starting with a dot, so no "..", no hidden files), forward
 * slashes only, at most 10 deep and 300 long. Anything else (absolute paths, backslashes,
 * drive letters, encoded or control characters, empty segments) is refused as a whole.
 */
export function safeReleasePath(name: string): string | null {
  if (name.length === 0 || name.length > 300) return null;
  const segments = name.split('/');
  if (segments.length > 10) return null;
  return segments.every((segment) => SEGMENT.test(segment)) ? segments.join('/') : null;
}

/** Where a remote's releases live: <root>/remotes/<id>/<version>/. */
export function releaseDir(root: string, remoteId: string, version: string): string {
  return path.join(root, 'remotes', remoteId, version);
}

export interface ReceivedBuild {
  dir: string;
  /** sha256 over every file's path and content: the release's identity. */
  contentHash: string;
  files: number;
  bytes: number;
}

/**
 * Streams the uploaded files (one multipart part each, its file name the path inside the
 * build) into a fresh folder beside the remote's releases, hashing as they go. Throws a 4xx
 * (and removes the folder) on a bad name, a duplicate, too many files or too many bytes.
 */
export async function receiveBuild(
  parts: AsyncIterable<MultipartFile | { type: 'field' }>,
  root: string,
  remoteId: string,
  maxBytes: number,
): Promise<ReceivedBuild> {
  const base = path.join(root, 'remotes', remoteId);
  const dir = path.join(base, `.incoming-${randomBytes(8).toString('hex')}`);
  await fs.promises.mkdir(dir, { recursive: true });
  const hashes = new Map<string, string>();
  let bytes = 0;
  try {
    for await (const part of parts) {
      // A part without a file name (a bare `filename`, which multipart parsers read as a
      // field) is no file of the build: refused, never skipped nor left to fail later.
      if (part.type !== 'file' || typeof part.filename !== 'string') {
        if (part.type === 'file') part.file.resume();
        throw new HttpError(400, 'INVALID_FILE_NAME', 'Every part of a release must be a file with a file name');
      }
      const name = safeReleasePath(part.filename);
      if (part.fieldname !== 'files' || name === null) {
        part.file.resume();
        throw new HttpError(
          400,
          'INVALID_FILE_NAME',
          `The file name ${JSON.stringify(part.filename.slice(0, 100))} is not allowed in a release`,
        );
      }
      if (hashes.has(name)) {
        part.file.resume();
        throw new HttpError(400, 'DUPLICATE_FILE', `The file ${name} was sent twice`);
      }
      const clash = pathClash(name, hashes);
      if (clash) {
        part.file.resume();
        throw new HttpError(
          400,
          'PATH_CLASH',
          `The file ${name} clashes with ${clash}: one path cannot be a file and a folder`,
        );
      }
      if (hashes.size >= MAX_RELEASE_FILES) {
        part.file.resume();
        throw new HttpError(413, 'TOO_MANY_FILES', `A release holds at most ${MAX_RELEASE_FILES} files`);
      }
      const target = path.join(dir, name);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const hash = createHash('sha256');
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytes > maxBytes) {
            done(new HttpError(413, 'RELEASE_TOO_LARGE', `A release holds at most ${maxBytes} bytes`));
            return;
          }
          hash.update(chunk);
          done(null, chunk);
        },
      });
      // wx: a path that is both a file and a folder (a/b and a) fails instead of overwriting.
      await pipeline(part.file, counter, fs.createWriteStream(target, { flags: 'wx' })).catch((error: unknown) => {
        throw asUploadError(error, maxBytes, name);
      });
      if (part.file.truncated)
        throw new HttpError(413, 'RELEASE_TOO_LARGE', `A release holds at most ${maxBytes} bytes`);
      hashes.set(name, hash.digest('hex'));
    }
    if (hashes.size === 0) throw new HttpError(400, 'EMPTY_RELEASE', 'The upload holds no files');
    await assertCompressedCopiesMatch(dir, [...hashes.keys()]);
  } catch (error) {
    await removeDir(dir);
    throw asUploadError(error, maxBytes, null);
  }
  const content = createHash('sha256');
  for (const name of [...hashes.keys()].sort()) content.update(`${name}\0${hashes.get(name)}\n`);
  return { dir, contentHash: content.digest('hex'), files: hashes.size, bytes };
}

/**
 * The path already received that `name` cannot live beside (issue 31 item 10): a file whose
 * name is a folder of `name` (`lib` then `lib/x.js`), or a file inside a folder `name` would
 * be (`lib/x.js` then `lib`). Decided on the names, whatever order they arrive in.
 */
export function pathClash(name: string, received: { keys(): Iterable<string> }): string | null {
  const segments = name.split('/');
  for (const other of received.keys()) {
    if (other.startsWith(`${name}/`)) return other;
    for (let i = 1; i < segments.length; i++) {
      if (other === segments.slice(0, i).join('/')) return other;
    }
  }
  return null;
}

/** Limits the multipart parser enforces, and a path clash on disk, as the client's 4xx. */
function asUploadError(error: unknown, maxBytes: number, name: string | null): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, 'RELEASE_TOO_LARGE', `A release file may be at most ${maxBytes} bytes`);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'TOO_MANY_FILES', `A release holds at most ${MAX_RELEASE_FILES} files`);
  }
  if (name !== null && (code === 'EEXIST' || code === 'EISDIR' || code === 'ENOTDIR')) {
    return new HttpError(400, 'INVALID_FILE_NAME', `The file ${name} clashes with another path of the release`);
  }
  if (code.startsWith('FST_'))
    return new HttpError(400, 'UPLOAD_FAILED', `The upload is malformed: ${(error as Error).message}`);
  return error;
}

/** A JSON file of the received build, or null when missing or not JSON. */
export async function readBuildJson(dir: string, name: string): Promise<unknown | null> {
  try {
    return JSON.parse(await fs.promises.readFile(path.join(dir, name), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Moves the received folder to its release folder in one rename. False when that release
 * already exists (the same build published again): the received copy is dropped.
 */
export async function settleBuild(received: ReceivedBuild, target: string): Promise<boolean> {
  try {
    await fs.promises.rename(received.dir, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') {
      await removeDir(received.dir);
      return false;
    }
    throw error;
  }
}

export async function removeDir(dir: string): Promise<void> {
  await fs.promises.rm(dir, { recursive: true, force: true });
}
