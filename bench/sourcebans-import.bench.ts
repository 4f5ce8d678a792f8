// Budget (DESIGN section 5, issue 15): 100,000 SourceBans++ bans imported in <= 60 s, and a
// second run imports nothing. A generated SourceBans++ database on the loopback MariaDB
// (20 servers, 200 admins, 100,000 bans: permanent, timed, unbanned, IP-only, STEAM_0 and
// STEAM_1 forms) is imported into a fresh Outpost database on SQLite and (when
// TEST_DATABASE_URL or BENCH_DATABASE_URL is set) PostgreSQL, through the same function
// `pnpm outpost import sourcebans` runs.

import { type DatabaseHandle, openDatabase } from '../api/src/db/database';
import { migrateToLatest } from '../api/src/db/migrate';
import { importsService } from '../api/src/modules/imports';
import { createSourceBansDatabase, type SourceBansDatabase } from '../api/src/test-support/sourcebans-fixture';
import { type TestDatabase, testDatabases } from '../api/src/test-support/test-databases';
import type { BenchResult } from './run';

const BANS = 100_000;
const ADMINS = 200;
const SERVERS = 20;
const BUDGET_SECONDS = 60;

async function fill(sb: SourceBansDatabase): Promise<void> {
  await sb.insert(
    'servers',
    Array.from({ length: SERVERS }, (_, i) => ({
      sid: i + 1,
      ip: `192.0.2.${i + 1}`,
      port: 27015,
      rcon: '',
      modid: 1,
    })),
  );
  await sb.insert(
    'admins',
    Array.from({ length: ADMINS }, (_, i) => ({
      aid: i + 1,
      user: `admin${i + 1}`,
      authid: `STEAM_${i % 2}:${i % 2}:${100000 + i}`,
      srv_flags: 'bcd',
      immunity: 10,
    })),
  );
  const now = Math.floor(Date.now() / 1000);
  const rows: Record<string, unknown>[] = [];
  for (let i = 1; i <= BANS; i++) {
    const ipOnly = i % 50 === 0;
    const length = i % 3 === 0 ? 0 : 3600 * (i % 48);
    const created = now - (i % 365) * 86400;
    const unbanned = i % 10 === 0;
    rows.push({
      bid: i,
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      authid: ipOnly ? '' : `STEAM_${i % 2}:${i % 2}:${i * 7}`,
      name: `Player ${i} ü`,
      created,
      ends: length ? created + length : 0,
      length,
      reason: `Reason ${i % 97}`,
      aid: (i % (ADMINS + 5)) + 1, // a few admins no longer exist
      sid: (i % (SERVERS + 2)) + 1, // a few servers no longer exist
      RemovedBy: unbanned ? 1 : null,
      RemoveType: unbanned ? 'U' : null,
      RemovedOn: unbanned ? created + 60 : null,
      type: ipOnly ? 1 : 0,
      ureason: unbanned ? 'appeal accepted' : null,
    });
  }
  await sb.insert('bans', rows);
}

async function benchDialect(kind: TestDatabase, sb: SourceBansDatabase): Promise<BenchResult[]> {
  const created = await kind.create();
  let outpost: DatabaseHandle | null = null;
  try {
    outpost = openDatabase(created.url);
    await migrateToLatest(outpost.db);
    const run = async () => {
      const source = await importsService.openSourceBans(sb.url, sb.prefix);
      try {
        const started = performance.now();
        const summary = await importsService.importSourceBans((outpost as DatabaseHandle).db, source);
        return { seconds: (performance.now() - started) / 1000, summary };
      } finally {
        await source.close();
      }
    };
    const first = await run();
    const second = await run();
    const bans = first.summary.importedCount('bans');
    console.log(first.summary.format());
    return [
      {
        budget: `SourceBans++ import, ${BANS.toLocaleString('en')} bans (${kind.name})`,
        measured: `${first.seconds.toFixed(1)} s (${bans.toLocaleString('en')} imported)`,
        limit: `<= ${BUDGET_SECONDS} s, all imported`,
        ok: first.seconds <= BUDGET_SECONDS && bans === BANS,
      },
      {
        budget: `SourceBans++ import, second run (${kind.name})`,
        measured: `${second.summary.totalImported()} imported in ${second.seconds.toFixed(1)} s`,
        limit: '0 imported',
        ok: second.summary.totalImported() === 0,
      },
    ];
  } finally {
    await outpost?.close();
    await created.drop();
  }
}

export default async function sourcebansImportBench(): Promise<BenchResult[]> {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const sb = await createSourceBansDatabase();
  try {
    const filling = performance.now();
    await fill(sb);
    console.log(`SourceBans++ database filled in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
    const results: BenchResult[] = [];
    for (const kind of testDatabases()) results.push(...(await benchDialect(kind, sb)));
    return results;
  } finally {
    await sb.drop();
  }
}
