// Budgets (issue 28): 10,000 servers polled every 15 s store their history with <= 1 write
// transaction per poll sweep, and the database grows by <= 50 MB per 10,000 server-days; on
// SQLite and (when TEST_DATABASE_URL or BENCH_DATABASE_URL is set) PostgreSQL.
//
// Write transactions: the sweep's history write (recordHistory, what status-sweep.ts calls with
// every swept server) for 10,000 servers, three sweeps, through a view of the database that
// counts the transactions it opens and any write run outside one (each of those would be a
// transaction of its own); on PostgreSQL also the transaction ids the server assigned meanwhile
// (only a writing transaction takes one), read from a connection of its own.
//
// Growth: rows are what grows, so the row counts come from the rollup rules and the bytes per row
// from a real day: 1,000 servers swept every 15 minutes for a day (96 sweeps, a map change every
// two hours), the history tables' size (data and indexes; SQLite: used pages, PostgreSQL:
// pg_total_relation_size) before and after, divided by the rows it added. A server's 1-minute
// and 15-minute buckets are bounded (kept 48 hours and 90 days, then replaced); what it adds for
// good each day is its daily bucket and its maps. The budget is held against that (growth once a
// server's windows are full), and the row prints the first 90 days' rate (while the 15-minute
// window fills) and the bounded windows' ceiling per 10,000 servers beside it, so neither hides.

import { recordHistory } from '../api/src/modules/servers/poller/server-history';
import { nextTransactionId, rowCount, rowCountsBy, tablesBytes } from '../api/src/test-support/database-size';
import { groupRow, serverRow } from '../api/src/test-support/server-rows';
import { startTestApp } from '../api/src/test-support/test-app';
import { type TestDatabase, testDatabases } from '../api/src/test-support/test-databases';
import type { BenchResult } from './run';

const SWEEP_SERVERS = 10_000;
const GROWTH_SERVERS = 1_000;
const DAY = 86_400;
const MiB = 1024 * 1024;
const GROWTH_BUDGET_MB = 50;
const MAP_EVERY_SECONDS = 2 * 3600;
const HISTORY_TABLES = ['server_history', 'server_maps'];

type Db = Awaited<ReturnType<typeof startTestApp>>['database']['db'];
type History = Parameters<typeof recordHistory>[0];
type Sample = Parameters<typeof recordHistory>[1][number];

async function seedServers(db: Db, count: number) {
  await db
    .insertInto('server_groups')
    .values(groupRow({ id: 'g', name: 'Bench' }))
    .execute();
  for (let at = 0; at < count; at += 500) {
    await db
      .insertInto('servers')
      .values(
        Array.from({ length: Math.min(500, count - at) }, (_, i) =>
          serverRow({ id: `s${at + i}`, group_id: 'g', port: 27015 + ((at + i) % 30_000) }),
        ),
      )
      .execute();
  }
}

function samples(count: number, at: number): Sample[] {
  return Array.from({ length: count }, (_, s) => {
    // One in twenty servers is down; the rest change maps every two hours (staggered).
    if ((s + Math.floor(at / 3600)) % 20 === 0) return { id: `s${s}`, status: { online: false, data: null } };
    const players = Math.round(12 + 10 * Math.sin(at / 5000 + s));
    return {
      id: `s${s}`,
      status: {
        online: true,
        data: {
          players: [],
          maxplayers: 24,
          map: `c${(Math.floor((at + s * 97) / MAP_EVERY_SECONDS) % 5) + 1}m1_map`,
          playerCount: Math.max(0, players),
        },
      },
    };
  });
}

/**
 * The database, seen through a view that counts what recordHistory opens: transactions, and
 * writes run outside one (autocommit: a transaction each).
 */
function countingView(db: Db) {
  const counts = { transactions: 0, writesOutside: 0 };
  const view = new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === 'transaction')
        return () => {
          counts.transactions += 1;
          return target.transaction();
        };
      if (key === 'insertInto' || key === 'updateTable' || key === 'deleteFrom' || key === 'mergeInto')
        return (...args: unknown[]) => {
          counts.writesOutside += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { view: view as unknown as History, counts };
}

async function rowCounts(db: Db) {
  const tiers = await rowCountsBy(db, 'server_history', 'bucket_seconds');
  const of = (seconds: number) => tiers.get(seconds) ?? 0;
  return { minute: of(60), quarter: of(900), daily: of(DAY), maps: await rowCount(db, 'server_maps') };
}

async function benchDialect(kind: TestDatabase): Promise<BenchResult[]> {
  // Sweeps: 10,000 servers.
  const sweepApp = await startTestApp(kind);
  let perSweep = 0;
  let xidsPerSweep: number | null = null;
  const sweepMs: number[] = [];
  try {
    const db = sweepApp.database.db;
    await seedServers(db, SWEEP_SERVERS);
    const start = Math.floor(Date.now() / 1000 / DAY) * DAY + 3600;
    for (let sweep = 0; sweep < 3; sweep++) {
      const { view, counts } = countingView(db);
      const at = start + sweep * 15;
      const before = kind.name === 'postgres' ? await nextTransactionId(db) : null;
      const started = performance.now();
      await recordHistory(view, samples(SWEEP_SERVERS, at), at);
      sweepMs.push(performance.now() - started);
      perSweep = Math.max(perSweep, counts.transactions + counts.writesOutside);
      if (before !== null) xidsPerSweep = Math.max(xidsPerSweep ?? 0, Number((await nextTransactionId(db)) - before));
    }
  } finally {
    await sweepApp.close();
  }

  // Growth: 1,000 servers, one day swept every 15 minutes.
  const growthApp = await startTestApp(kind);
  try {
    const db = growthApp.database.db;
    await seedServers(db, GROWTH_SERVERS);
    const day = Math.floor(Date.now() / 1000 / DAY) * DAY - DAY;
    const bytesBefore = await tablesBytes(db, growthApp.database.dialect, HISTORY_TABLES);
    for (let at = day; at < day + DAY; at += 900) await recordHistory(db as History, samples(GROWTH_SERVERS, at), at);
    const bytesAfter = await tablesBytes(db, growthApp.database.dialect, HISTORY_TABLES);
    const rows = await rowCounts(db);
    const added = rows.minute + rows.quarter + rows.daily + rows.maps;
    const perRow = (bytesAfter - bytesBefore) / added;
    const mapsPerServerDay = rows.maps / GROWTH_SERVERS;
    const perTenThousand = (rowsPerServerDay: number) => (10_000 * rowsPerServerDay * perRow) / MiB;
    // For good: the daily bucket and the maps. While the 90-day window fills: 96 quarter-hours too.
    const steady = perTenThousand(1 + mapsPerServerDay);
    const filling = perTenThousand(96 + 1 + mapsPerServerDay);
    const ceiling = perTenThousand((2 * DAY) / 60 + (90 * DAY) / 900);
    const sorted = [...sweepMs].sort((a, b) => a - b);
    return [
      {
        budget: `history writes per poll sweep [${kind.name}, ${SWEEP_SERVERS.toLocaleString('en')} servers]`,
        measured: `${perSweep} transaction(s)${xidsPerSweep === null ? '' : `, ${xidsPerSweep} transaction id(s) assigned`}; ${(sorted[1] as number).toFixed(0)} ms per sweep (median of 3)`,
        limit: '<= 1 write transaction',
        ok: perSweep <= 1 && (xidsPerSweep === null || xidsPerSweep <= 1),
        value: perSweep,
        better: 'lower',
      },
      {
        budget: `history database growth per 10,000 server-days, once the bounded windows are full [${kind.name}]`,
        measured: `${steady.toFixed(1)} MB (${perRow.toFixed(0)} B a row, ${(1 + mapsPerServerDay).toFixed(1)} rows a server-day: daily bucket + maps); while the 90-day window fills ${filling.toFixed(0)} MB; windows' ceiling ${ceiling.toFixed(0)} MB per 10,000 servers`,
        limit: `<= ${GROWTH_BUDGET_MB} MB`,
        baseline: `measured over ${GROWTH_SERVERS.toLocaleString('en')} servers x 1 day, 96 sweeps, ${added.toLocaleString('en')} rows`,
        ok: steady <= GROWTH_BUDGET_MB,
        value: steady,
        better: 'lower',
      },
    ];
  } finally {
    await growthApp.close();
  }
}

export default async function historyWritesBench(): Promise<BenchResult[]> {
  // testDatabases() reads TEST_DATABASE_URL; a bench-only server may be named instead.
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const results: BenchResult[] = [];
  for (const kind of testDatabases()) results.push(...(await benchDialect(kind)));
  return results;
}
