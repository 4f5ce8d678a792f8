// Budget (issue 28): one server's 30-day population graph (GET /api/servers/{id}/history?range=30d)
// answers <= 20 ms p95, on SQLite and (when TEST_DATABASE_URL or BENCH_DATABASE_URL is set)
// PostgreSQL, over a table holding 90 days of 15-minute buckets and 48 hours of 1-minute buckets
// for many servers (what the poller's retention leaves; finished hours packed by the day, as the
// sweeps leave them). Also times the peak-hours heat map (GET /api/servers/{id}/peak-hours) under
// the same budget. Measured through the real app (inject:
// routing, validation, serialisation); p50/p95 of the best of 3 passes (moderation.bench's
// measure). `pnpm bench server-history` runs only this row.

import { packFinishedHours } from '../api/src/modules/servers/poller/history-packing';
import { packEndedMaps } from '../api/src/modules/servers/poller/map-days';
import { groupRow, serverRow } from '../api/src/test-support/server-rows';
import { startTestApp } from '../api/src/test-support/test-app';
import { type TestDatabase, testDatabases } from '../api/src/test-support/test-databases';
import { measure } from './moderation.bench';
import type { BenchResult } from './run';

const BUDGET_MS = 20;
const SERVERS = 40;
const DAY = 86_400;

async function seed(t: Awaited<ReturnType<typeof startTestApp>>, now: number) {
  const db = t.database.db;
  await db
    .insertInto('server_groups')
    .values(groupRow({ id: 'g', name: 'Bench' }))
    .execute();
  await db
    .insertInto('servers')
    .values(Array.from({ length: SERVERS }, (_, i) => serverRow({ id: `s${i}`, group_id: 'g', port: 27015 + i })))
    .execute();
  const rows: Record<string, unknown>[] = [];
  const flush = async () => {
    if (rows.length === 0) return;
    await db
      .insertInto('server_history')
      .values(rows.splice(0) as never)
      .execute();
  };
  const quarter = Math.floor(now / 900) * 900;
  const minute = Math.floor(now / 60) * 60;
  for (let s = 0; s < SERVERS; s += 1) {
    const row = (bucket: number, at: number, samples: number, i: number) => {
      const players = Math.round(12 + 10 * Math.sin(i / 17 + s));
      return {
        server_id: `s${s}`,
        bucket_seconds: bucket,
        at,
        samples,
        online_samples: samples,
        player_samples: samples,
        players_sum: players * samples,
        players_min: Math.max(0, players - 2),
        players_max: players + 2,
        max_players: 24,
      };
    };
    for (let i = 0; i < (90 * DAY) / 900; i += 1) {
      rows.push(row(900, quarter - i * 900, 60, i));
      if (rows.length >= 500) await flush();
    }
    for (let i = 0; i < (2 * DAY) / 60; i += 1) {
      rows.push(row(60, minute - i * 60, 4, i));
      if (rows.length >= 500) await flush();
    }
    for (let i = 0; i < 365; i += 1) {
      rows.push(row(DAY, Math.floor(now / DAY) * DAY - i * DAY, 5760, i));
      if (rows.length >= 500) await flush();
    }
  }
  await flush();
  const maps = Array.from({ length: 30 * 8 }, (_, i) => ({
    server_id: 's7',
    map: `c${(i % 5) + 1}m1_map`,
    started_at: now - 30 * DAY + i * 3 * 3600,
    ended_at: i === 30 * 8 - 1 ? null : now - 30 * DAY + (i + 1) * 3 * 3600,
  }));
  await db.insertInto('server_maps').values(maps).execute();
  // Finished hours of 1-minute and 15-minute buckets packed by the day, as the poller's sweeps leave them.
  // Ended maps moved into their day rows, as the sweeps leave them.
  while ((await packFinishedHours(db, now)) + (await packEndedMaps(db, now)) > 0);
  return SERVERS * ((90 * DAY) / 900 + (2 * DAY) / 60 + 365);
}

async function benchDialect(kind: TestDatabase): Promise<BenchResult[]> {
  const t = await startTestApp(kind);
  try {
    const seedStart = Date.now();
    const rows = await seed(t, Math.floor(Date.now() / 1000));
    console.log(`   ${kind.name}: seeded ${rows} history rows in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    const ask = (url: string) => () => t.app.inject({ method: 'GET', url });
    const day = await measure(ask('/api/servers/s7/history?range=24h'));
    const month = await measure(ask('/api/servers/s7/history?range=30d'));
    const peaks = await measure(ask('/api/servers/s7/peak-hours'));
    const points = (
      JSON.parse((await t.app.inject({ method: 'GET', url: '/api/servers/s7/history?range=30d' })).body) as {
        buckets: unknown[];
      }
    ).buckets.length;
    return [
      {
        budget: `one server's 30-day graph [${kind.name}, ${SERVERS} servers, ${rows} history rows]`,
        measured: `p50 ${month.p50.toFixed(2)} ms, p95 ${month.p95.toFixed(2)} ms (${points} points)`,
        limit: `p95 <= ${BUDGET_MS} ms`,
        baseline: `24-hour graph p50 ${day.p50.toFixed(2)} ms, p95 ${day.p95.toFixed(2)} ms`,
        ok: month.p95 <= BUDGET_MS,
        value: month.p95,
        better: 'lower',
      },
      {
        budget: `one server's peak hours (week-by-hour, 30 days) [${kind.name}]`,
        measured: `p50 ${peaks.p50.toFixed(2)} ms, p95 ${peaks.p95.toFixed(2)} ms`,
        limit: `p95 <= ${BUDGET_MS} ms`,
        ok: peaks.p95 <= BUDGET_MS,
        value: peaks.p95,
        better: 'lower',
      },
    ];
  } finally {
    await t.close();
  }
}

export default async function serverHistoryBench(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const kind of testDatabases()) results.push(...(await benchDialect(kind)));
  return results;
}
