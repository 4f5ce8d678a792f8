import type { Readable } from 'node:stream';

/** What a finished, verified file must match before it is moved into place. */
export interface ExpectedFile {
  size: number;
  /** Hex SHA-256 of the whole file. */
  sha256: string;
}

export interface StoredObject {
  key: string;
  size: number;
}

/** Bytes [start, end] of an object, both inclusive (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where addon files live: a local folder (default) or an S3-compatible bucket, so several API
 * instances can share them. Files are always written to a local staging file first (streamed,
 * hashed on the way); `putFile` then verifies it and moves it into place under a final key, so a
 * reader never sees a half-written object.
 */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /** A local folder for staging files on the way in (same filesystem as the files for `local`). */
  readonly stagingDir: string;
  /** Verifies the staged file (size and SHA-256) and moves it to `key`; the staged file is consumed. */
  putFile(stagedPath: string, key: string, expected: ExpectedFile): Promise<void>;
  /** Streams an object or a byte range of it; null when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Deletes an object; deleting a missing one is not an error. */
  delete(key: string): Promise<void>;
  list(prefix: string): Promise<StoredObject[]>;
  /** Removes temporaries (staging files, half-moved objects) left by a crash; returns how many. */
  cleanTemporaries(): Promise<number>;
}

/** Thrown when a staged file does not match what was expected of it; nothing is stored. */
export class StorageVerificationError extends Error {
  override name = 'StorageVerificationError';
}

const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * The one rule for object keys, checked by every driver on every call: slash-separated
 * segments of letters, digits, '.', '_' and '-', none starting with a dot. No key can climb
 * out of the storage root or hit a temporary, whatever the caller passes.
 */
export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 300 || segments.length > 8 || !segments.every((segment) => KEY_SEGMENT.test(segment))) {
    throw new Error(`Refused storage key ${JSON.stringify(key)}`);
  }
}

/** A key prefix for listing: a key, or a key with a trailing slash, or empty for everything. */
export function assertStoragePrefix(prefix: string): void {
  if (prefix === '') return;
  assertStorageKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}
