import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { openDatabase } from '../db/database';
import { type LastBackup, metaService } from '../modules/meta';
import { type Snapshot, snapshotPostgres, snapshotSqlite } from './database-snapshot';
import { existingSqliteFile } from './export-source';

// `pnpm outpost backup [--to <folder>]`: one folder per backup,
//   outpost-backup-<UTC time>/manifest.json   what it holds (README "Backups")
//                             database.sqlite | database.pgdump | export.json
//                             files/          the addon files (local storage)
// and the time of the last one recorded for the panel's health page.

export const BACKUP_FORMAT = 'outpost-backup';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: number;
  database: { dialect: 'sqlite' | 'postgres'; kind: Snapshot['kind']; file: string; bytes: number; note?: string };
  files: { copied: number; bytes: number } | { skipped: string };
}

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

function copyTree(from: string, to: string): { copied: number; bytes: number } {
  let copied = 0;
  let bytes = 0;
  if (!fs.existsSync(from)) return { copied, bytes };
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(source, target);
    copied += 1;
    bytes += fs.statSync(target).size;
  }
  return { copied, bytes };
}

export interface BackupOptions {
  /** Where backup folders go (default: backups/ beside the working folder). */
  to: string;
  now?: Date;
  usePgDump?: boolean;
}

export async function createBackup(
  config: Pick<Config, 'DATABASE_URL' | 'STORAGE_DRIVER' | 'STORAGE_DIR'>,
  options: BackupOptions,
): Promise<{ folder: string; manifest: BackupManifest; seconds: number }> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const folder = path.resolve(options.to, `outpost-backup-${stamp(now)}`);
  if (config.DATABASE_URL.startsWith('sqlite:')) existingSqliteFile(config.DATABASE_URL.slice('sqlite:'.length));
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  // Not recursive: a folder of the same second is never written into twice.
  fs.mkdirSync(folder, { mode: 0o700 });
  const dialect = config.DATABASE_URL.startsWith('sqlite:') ? 'sqlite' : 'postgres';
  let manifest: BackupManifest;
  try {
    const snapshot =
      dialect === 'sqlite'
        ? await snapshotSqlite(config.DATABASE_URL.slice('sqlite:'.length), path.join(folder, 'database.sqlite'))
        : await snapshotPostgres(config.DATABASE_URL, folder, options.usePgDump ?? true);
    // Files after the database: every file a snapshot row names was there before it.
    const files =
      config.STORAGE_DRIVER === 'local'
        ? copyTree(config.STORAGE_DIR, path.join(folder, 'files'))
        : { skipped: 'addon files are in S3: back the bucket up with its provider' };
    manifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: Math.floor(now.getTime() / 1000),
      database: {
        dialect,
        kind: snapshot.kind,
        file: path.basename(snapshot.file),
        bytes: snapshot.bytes,
        ...(snapshot.note ? { note: snapshot.note } : {}),
      },
      files,
    };
  } catch (error) {
    // A failed backup leaves no half-written folder that could be mistaken for one.
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  fs.writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const database = openDatabase(config.DATABASE_URL);
  try {
    const { kind, bytes } = manifest.database;
    const last: LastBackup = { at: manifest.createdAt, folder, kind, bytes, seconds };
    await metaService.lastBackup.record(database.db, last);
  } finally {
    await database.close();
  }
  return { folder, manifest, seconds };
}

/** Thrown for a folder that is not a backup this version reads; the command answers it as refused input (exit 2). */
export class NotABackup extends Error {
  override name = 'NotABackup';
}

export function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, 'manifest.json');
  if (!fs.existsSync(file)) throw new NotABackup(`${folder} is not an Outpost backup (no manifest.json)`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  } catch {
    throw new NotABackup(`${file} is not JSON`);
  }
  if (manifest?.format !== BACKUP_FORMAT || manifest.version !== 1 || typeof manifest.database?.file !== 'string') {
    throw new NotABackup(`${file} is not an Outpost backup manifest this version reads`);
  }
  if (!fs.existsSync(path.join(folder, path.basename(manifest.database.file)))) {
    throw new NotABackup(`${folder} lacks its database file ${manifest.database.file}`);
  }
  return manifest;
}

export { copyTree };
