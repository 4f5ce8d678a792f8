import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { copyTree, readManifest } from './backup';
import { openExportSource } from './export-source';
import { writeExport } from './full-export';
import { ImportRefused, importExport } from './import-export';

// `pnpm outpost restore <backup folder>`: into an EMPTY database (DATABASE_URL) and an empty
// storage folder, never over data. A snapshot of the same kind is put back as it is (secrets
// included); a SQLite snapshot restored into PostgreSQL goes through the full export (no
// secrets). The schema is then brought up to this version (a backup from an older one).

export interface RestoreResult {
  how: string;
  files: number;
}

async function sqliteIsEmpty(file: string): Promise<boolean> {
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return true;
  const db = new SQLite(file, { readonly: true });
  try {
    const tables = db
      .prepare("select count(*) from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .pluck()
      .get() as number;
    return tables === 0;
  } finally {
    db.close();
  }
}

async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
    );
    return Number(rows[0]?.n) === 0;
  } finally {
    await client.end();
  }
}

function storageIsEmpty(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

export async function restoreBackup(
  config: Pick<Config, 'DATABASE_URL' | 'STORAGE_DRIVER' | 'STORAGE_DIR'>,
  folder: string,
): Promise<RestoreResult> {
  const manifest = readManifest(folder);
  const snapshot = path.join(folder, path.basename(manifest.database.file));
  const target = config.DATABASE_URL;
  const sqliteTarget = target.startsWith('sqlite:') ? path.resolve(target.slice('sqlite:'.length)) : null;
  if (!(sqliteTarget ? await sqliteIsEmpty(sqliteTarget) : await postgresIsEmpty(target))) {
    throw new ImportRefused('DATABASE_URL names a database that is not empty: restore into a new, empty one');
  }
  const restoresFiles = config.STORAGE_DRIVER === 'local' && 'copied' in manifest.files;
  if (restoresFiles && !storageIsEmpty(config.STORAGE_DIR)) {
    throw new ImportRefused(`STORAGE_DIR (${config.STORAGE_DIR}) is not empty: restore into an empty folder`);
  }

  let how: string;
  const kind = manifest.database.kind;
  if (kind === 'sqlite' && sqliteTarget) {
    fs.mkdirSync(path.dirname(sqliteTarget), { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${sqliteTarget}${suffix}`, { force: true });
    fs.copyFileSync(snapshot, sqliteTarget);
    how = 'SQLite snapshot copied';
  } else if (kind === 'pg_dump' && !sqliteTarget) {
    const result = spawnSync('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', target, snapshot], {
      encoding: 'utf8',
    });
    if (result.error || result.status !== 0) {
      throw new Error(`pg_restore failed: ${(result.stderr || result.error?.message || '').trim().split('\n')[0]}`);
    }
    how = 'pg_restore of the pg_dump snapshot';
  } else if (kind === 'export') {
    await importExport(target, snapshot);
    how = 'Outpost export imported';
  } else if (kind === 'sqlite') {
    // SQLite -> PostgreSQL: through the export (moving hosts); secrets stay behind.
    const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-restore-'));
    try {
      const exportFile = path.join(temporary, 'export.json');
      const source = await openExportSource(`sqlite:${snapshot}`);
      try {
        await writeExport(source, exportFile);
      } finally {
        await source.close();
      }
      await importExport(target, exportFile);
    } finally {
      fs.rmSync(temporary, { recursive: true, force: true });
    }
    how = 'SQLite snapshot moved into PostgreSQL through the Outpost export (secrets are not carried)';
  } else {
    throw new ImportRefused(
      'a pg_dump snapshot restores into PostgreSQL only: restore it there, then `pnpm outpost export` and import that',
    );
  }
  const database = openDatabase(target);
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  const files = restoresFiles ? copyTree(path.join(folder, 'files'), config.STORAGE_DIR).copied : 0;
  return { how, files };
}
