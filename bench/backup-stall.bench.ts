// Budget (issue 24): `pnpm outpost backup` of a large SQLite database never blocks one of
// the server's writes for more than 100 ms, and the restored database exports the same bytes
// as the snapshot. A database of BACKUP_BENCH_MB (default 1024) of log rows is built, a
// separate process writes to it as the server does (WAL, busy_timeout 0, retry after 5 ms)
// every 10 ms, and the snapshot is taken meanwhile by the function the command runs.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { snapshotSqlite } from '../api/src/backup/database-snapshot';
import { openExportSource } from '../api/src/backup/export-source';
import { writeExport } from '../api/src/backup/full-export';
import { restoreBackup } from '../api/src/backup/restore';
import { openDatabase } from '../api/src/db/database';
import { migrateToLatest } from '../api/src/db/migrate';
import type { BenchResult } from './run';

const here = path.dirname(fileURLToPath(import.meta.url));
// better-sqlite3 is the API's dependency: loaded from there (the bench builds the file raw, fast).
interface RawDatabase {
  pragma(source: string): unknown;
  prepare(source: string): { run(...values: unknown[]): unknown };
  transaction<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void;
  close(): void;
}
const SQLite = createRequire(path.join(here, '../api/package.json'))('better-sqlite3') as new (
  file: string,
) => RawDatabase;
const TARGET_MB = Number(process.env.BACKUP_BENCH_MB ?? 1024);
const STALL_BUDGET_MS = 100;

async function build(file: string): Promise<number> {
  const handle = openDatabase(`sqlite:${file}`);
  await migrateToLatest(handle.db);
  await handle.close();
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  const insert = db.prepare(
    `insert into log_entries (timestamp, client, client_name, target, target_name, type, message, server_id, redacted)
     values (?, ?, ?, ?, ?, 'admin', ?, ?, 0)`,
  );
  const fill = db.transaction((from: number, count: number) => {
    for (let i = from; i < from + count; i++) {
      insert.run(
        1_700_000_000 + i,
        `user-${i % 5000}`,
        `Admin ${i % 5000}`,
        `7656119${String(8000000000 + (i % 900000)).padStart(10, '0')}`,
        `Player ${i % 900000}`,
        `banned Player ${i % 900000} for 60 minutes: ${'cheating, spinbot and wallhack reported by several players; '.repeat(2)}#${i}`,
        `server-${i % 40}`,
      );
    }
  });
  let rows = 0;
  while (
    fs.statSync(file).size + (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0) <
    TARGET_MB * 1024 ** 2
  ) {
    fill(rows, 50_000);
    rows += 50_000;
    db.pragma('wal_checkpoint(TRUNCATE)');
  }
  db.close();
  return rows;
}

/** The server's way of writing: no waiting inside SQLite, a retry 5 ms later when busy. */
const WRITER = `
const { createRequire } = require('node:module');
const SQLite = createRequire(process.argv[1])('better-sqlite3');
const db = new SQLite(process.argv[2]);
db.pragma('journal_mode = WAL');
db.pragma('busy_timeout = 0');
const insert = db.prepare("insert into log_entries (timestamp, type, message, redacted) values (?, 'admin', 'bench write', 0)");
const samples = [];
let stop = false;
process.on('message', () => { stop = true; });
(async function loop() {
  while (!stop) {
    const started = performance.now();
    for (;;) {
      try { insert.run(Math.floor(Date.now() / 1000)); break; }
      catch (error) { if (error.code !== 'SQLITE_BUSY') throw error; await new Promise((r) => setTimeout(r, 5)); }
    }
    samples.push([Date.now(), performance.now() - started]);
    if (samples.length === 1) process.send('ready');
    await new Promise((r) => setTimeout(r, 10));
  }
  process.send(samples, () => process.exit(0));
})();
`;

/** The export's SHA-256 (files of a gigabyte are compared without reading them into memory). */
async function exportOf(url: string, file: string): Promise<string> {
  const source = await openExportSource(url);
  try {
    await writeExport(source, file);
  } finally {
    await source.close();
  }
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export default async function backupStall(): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-backup-bench-'));
  try {
    const file = path.join(dir, 'outpost.sqlite');
    const builtAt = performance.now();
    const rows = await build(file);
    const size = fs.statSync(file).size;
    console.log(
      `built ${(size / 1024 ** 2).toFixed(0)} MB (${rows} log rows) in ${((performance.now() - builtAt) / 1000).toFixed(1)} s`,
    );

    const writer = spawn(process.execPath, ['-e', WRITER, path.join(here, '../api/package.json'), file], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise((resolve) => writer.once('message', resolve));
    const samples = new Promise<Array<[number, number]>>((resolve) =>
      writer.once('message', (m) => resolve(m as Array<[number, number]>)),
    );
    // A second of writes before the backup: the stall a write has anyway on this machine.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const folder = path.join(dir, 'backup');
    fs.mkdirSync(folder);
    const startedAt = Date.now();
    const started = performance.now();
    const snapshot = await snapshotSqlite(file, path.join(folder, 'database.sqlite'));
    const seconds = (performance.now() - started) / 1000;
    const endedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 500));
    writer.send('stop');
    const all = await samples;
    const during = all.filter(([at]) => at >= startedAt && at <= endedAt + 100).map(([, ms]) => ms);
    const before = all.filter(([at]) => at < startedAt).map(([, ms]) => ms);
    const stall = Math.max(...during);
    console.log(
      `backup ${(snapshot.bytes / 1024 ** 2).toFixed(0)} MB in ${seconds.toFixed(1)} s; ${during.length} writes meanwhile, longest ${stall.toFixed(1)} ms (before: ${Math.max(...before).toFixed(1)} ms)`,
    );

    // Restore: the command's own path into an empty folder; the exports must be equal bytes.
    fs.writeFileSync(
      path.join(folder, 'manifest.json'),
      JSON.stringify({
        format: 'outpost-backup',
        version: 1,
        createdAt: 0,
        database: { dialect: 'sqlite', kind: 'sqlite', file: 'database.sqlite', bytes: snapshot.bytes },
        files: { skipped: 'bench' },
      }),
    );
    const restored = `sqlite:${path.join(dir, 'restored.sqlite')}`;
    await restoreBackup(
      { DATABASE_URL: restored, STORAGE_DRIVER: 'local', STORAGE_DIR: path.join(dir, 'files') },
      folder,
    );
    const exportStarted = performance.now();
    const equal =
      (await exportOf(`sqlite:${snapshot.file}`, path.join(dir, 'a.json'))) ===
      (await exportOf(restored, path.join(dir, 'b.json')));
    console.log(
      `two exports of ${(fs.statSync(path.join(dir, 'a.json')).size / 1024 ** 2).toFixed(0)} MB in ${((performance.now() - exportStarted) / 1000).toFixed(1)} s: ${equal ? 'equal' : 'DIFFERENT'}`,
    );
    return [
      {
        budget: `longest write stall during a backup of a ${(size / 1024 ** 2).toFixed(0)} MB SQLite database`,
        measured: `${stall.toFixed(1)} ms (${during.length} writes, backup ${seconds.toFixed(1)} s)`,
        limit: `<= ${STALL_BUDGET_MS} ms`,
        ok: stall <= STALL_BUDGET_MS,
        value: stall,
        better: 'lower',
      },
      {
        budget: "export of the restored database equals the snapshot's",
        measured: equal ? 'byte-equal' : 'different',
        limit: 'byte-equal',
        ok: equal,
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
