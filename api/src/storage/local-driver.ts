import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { cleanStagingDir, removeQuietly } from './staging';
import {
  assertStorageKey,
  assertStoragePrefix,
  type ByteRange,
  type ExpectedFile,
  type StorageDriver,
  StorageVerificationError,
  type StoredObject,
} from './storage-driver';

/** Staging lives inside the root (a dot folder no key can name), so the final move is one rename. */
const STAGING_FOLDER = '.staging';

export interface LocalDriverOptions {
  root: string;
  /** Staging files untouched this long are orphans at start-up. */
  orphanAgeMs?: number;
}

/** Files in a local folder (default under data/). */
export function localDriver({ root, orphanAgeMs = 10 * 60_000 }: LocalDriverOptions): StorageDriver {
  const base = path.resolve(root);
  const stagingDir = path.join(base, STAGING_FOLDER);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(base, ...key.split('/'));
  };

  return {
    kind: 'local',
    stagingDir,
    async putFile(stagedPath, key, expected: ExpectedFile) {
      const target = fileOf(key);
      try {
        const stat = await fs.promises.stat(stagedPath);
        if (stat.size !== expected.size) {
          throw new StorageVerificationError(`staged file has ${stat.size} bytes, expected ${expected.size}`);
        }
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(stagedPath, target);
      } finally {
        await removeQuietly(stagedPath);
      }
    },
    async read(key, range?: ByteRange): Promise<Readable | null> {
      const file = fileOf(key);
      const handle = await fs.promises.open(file, 'r').catch(() => null);
      if (!handle) return null;
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async stat(key) {
      const stat = await fs.promises.stat(fileOf(key)).catch(() => null);
      return stat?.isFile() ? { size: stat.size } : null;
    },
    async delete(key) {
      await removeQuietly(fileOf(key));
    },
    async list(prefix) {
      assertStoragePrefix(prefix);
      const found: StoredObject[] = [];
      const walk = async (dir: string, keyPrefix: string) => {
        const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          if (entry.name.startsWith('.')) continue;
          const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
          if (entry.isDirectory()) await walk(path.join(dir, entry.name), key);
          else if (entry.isFile() && key.startsWith(prefix)) {
            found.push({ key, size: (await fs.promises.stat(path.join(dir, entry.name))).size });
          }
        }
      };
      await walk(base, '');
      return found.sort((a, b) => a.key.localeCompare(b.key));
    },
    cleanTemporaries: () => cleanStagingDir(stagingDir, orphanAgeMs),
  };
}
