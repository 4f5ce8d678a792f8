import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { existingSqliteFile, openExportSource } from './export-source';
import { writeExport } from './full-export';

// The database part of a backup, taken while Outpost runs (issue 24):
// - SQLite: the online backup API (better-sqlite3's backup()). It reads inside one read
//   transaction per step; in WAL mode a reader never blocks the server's writes. After a
//   first small step it copies the rest in one step: another connection's write between two
//   steps restarts SQLite's backup, and one step cannot be interrupted that way.
// - PostgreSQL: pg_dump (custom format) when it is on the PATH and succeeds, else
//   Outpost's full export (no secrets; see export-policy.ts).

export type SnapshotKind = 'sqlite' | 'pg_dump' | 'export';

export interface Snapshot {
  kind: SnapshotKind;
  file: string;
  bytes: number;
  /** Why the snapshot is not the native kind, when it is not. */
  note?: string;
}

export async function snapshotSqlite(databaseFile: string, target: string): Promise<Snapshot> {
  const source = new SQLite(existingSqliteFile(databaseFile), { readonly: true, fileMustExist: true });
  try {
    await source.backup(target, { progress: ({ remainingPages }) => Math.max(remainingPages, 100) });
  } finally {
    source.close();
  }
  // The copy is a self-contained file: no -wal beside it.
  const copy = new SQLite(target);
  copy.pragma('journal_mode = DELETE');
  const check = copy.pragma('quick_check', { simple: true });
  copy.close();
  if (check !== 'ok') throw new Error(`the snapshot failed SQLite's check: ${String(check)}`);
  return { kind: 'sqlite', file: target, bytes: fs.statSync(target).size };
}

/** pg_dump's answer: null when it is not installed. */
function pgDump(url: string, target: string): { ok: boolean; message: string } | null {
  const result = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--file', target, url], { encoding: 'utf8' });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  return { ok: result.status === 0, message: (result.stderr || result.error?.message || '').trim() };
}

export async function snapshotPostgres(url: string, dir: string, usePgDump = true): Promise<Snapshot> {
  const dumpFile = `${dir}/database.pgdump`;
  const dumped = usePgDump ? pgDump(url, dumpFile) : null;
  if (dumped?.ok) return { kind: 'pg_dump', file: dumpFile, bytes: fs.statSync(dumpFile).size };
  fs.rmSync(dumpFile, { force: true });
  const note = !usePgDump
    ? 'pg_dump not used: Outpost export instead (no secrets)'
    : dumped === null
      ? 'pg_dump is not installed: Outpost export instead (no secrets)'
      : `pg_dump failed (${dumped.message.split('\n')[0]}): Outpost export instead (no secrets)`;
  const file = `${dir}/export.json`;
  const source = await openExportSource(url);
  try {
    await writeExport(source, file);
  } finally {
    await source.close();
  }
  return { kind: 'export', file, bytes: fs.statSync(file).size, note };
}
