import { serverHistoryResponseSchema, serverPeakHoursResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../demo/game-world';
import { nowSeconds } from '../../../lib/clock';
import { groupRow, insertGroup, serverRow } from '../../../test-support/server-rows';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { serversService } from '..';
import { recordHistory } from './server-history';

const DAY = 86_400;

describe.each(testDatabases())('demo history backfill on $name', (kind) => {
  let t: TestApp;
  const now = nowSeconds();

  beforeAll(async () => {
    t = await startTestApp(kind);
    await insertGroup(t.database.db, groupRow({ id: 'g', name: 'g' }), [
      serverRow({ id: 'demo-1', group_id: 'g', port: 1 }),
    ]);
  });
  afterAll(async () => t?.close());

  it('writes days of rollups and maps the charts draw, and the live poller carries on from them', async () => {
    const written = await serversService.backfillServerHistory(
      t.database.db,
      [{ serverId: 'demo-1', maxPlayers: 8, maps: ['c1m1_hotel', 'c2m1_highway', 'c5m1_waterfront'] }],
      { days: 3, now, random: seededRandom(7) },
    );
    expect(written).toBeGreaterThan(2 * 1440);
    const count = async (seconds: number) =>
      (await t.database.db.selectFrom('server_history').select('at').where('bucket_seconds', '=', seconds).execute())
        .length;
    // 1-minute buckets only for the last 48 hours (what the poller keeps), 15-minute and daily for all 3+ days.
    expect(await count(60)).toBe(2 * 1440);
    expect(await count(900)).toBeGreaterThanOrEqual(3 * 96);
    expect(await count(DAY)).toBeGreaterThanOrEqual(3);

    const week = serverHistoryResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/servers/demo-1/history?range=7d' })).json(),
    );
    expect(week.buckets.length).toBeGreaterThanOrEqual(3 * 96);
    expect(week.uptime).toBeGreaterThan(80);
    expect(Math.max(...week.buckets.map((bucket) => bucket.max ?? 0))).toBeGreaterThan(3);
    expect(week.buckets.every((bucket) => (bucket.max ?? 0) <= 8)).toBe(true);
    expect(week.maps.length).toBeGreaterThan(3 * 16);
    expect(week.maps.every((map) => map.endedAt !== null)).toBe(true);
    const peaks = serverPeakHoursResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/servers/demo-1/peak-hours?days=7' })).json(),
    );
    expect(peaks.cells.filter((cell) => cell.avg !== null).length).toBeGreaterThan(60);

    // The poller's next sample lands in the current minute's bucket, after the backfilled ones.
    await recordHistory(
      t.database.db,
      [
        {
          id: 'demo-1',
          status: { online: true, data: { players: [], maxplayers: 8, map: 'c1m1_hotel', playerCount: 5 } },
        },
      ],
      now,
    );
    const day = serverHistoryResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/servers/demo-1/history?range=24h' })).json(),
    );
    expect(day.buckets.at(-1)).toMatchObject({ at: Math.floor(now / 60) * 60, max: 5 });
    expect(day.maps.at(-1)).toMatchObject({ map: 'c1m1_hotel', endedAt: null });
  });
});
