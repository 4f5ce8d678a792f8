import { serverHistoryResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../../lib/clock';
import { groupRow, insertGroup, serverRow } from '../../../test-support/server-rows';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { dayOf, packEndedMaps, packMapDay, unpackMapDay } from './map-days';
import { MAP_KEEP_SECONDS, recordHistory } from './server-history';
import type { StoredStatus } from './stored-status';

const DAY = 86_400;

const on = (map: string): StoredStatus => ({
  online: true,
  data: { players: [], maxplayers: 8, map, playerCount: 1 },
});
const off: StoredStatus = { online: false, data: null };

describe('a day row of maps', () => {
  const day = 20_000 * DAY;

  it('holds maps by start, times from the day, and reads back the same maps', () => {
    const maps = [
      { map: 'c2m1_highway', started_at: day + 3600, ended_at: day + 7200 },
      // Started the day before: a negative offset.
      { map: 'c1m1_hotel', started_at: day - 600, ended_at: day + 3600 },
      { map: 'a "quoted", comma\nmap', started_at: day + 7200, ended_at: day + 7300 },
    ];
    const text = packMapDay(day, maps);
    expect(text.startsWith('[[-600,3600,"c1m1_hotel"]')).toBe(true);
    expect(unpackMapDay(day, text)).toEqual([maps[1], maps[0], maps[2]]);
  });

  it('reads nothing from a row that is not its shape, and skips entries that are not', () => {
    expect(unpackMapDay(day, '')).toEqual([]);
    expect(unpackMapDay(day, '{"a":1}')).toEqual([]);
    expect(unpackMapDay(day, '[[1,2,"x"')).toEqual([]);
    expect(unpackMapDay(day, '[[1,2,"ok"],[1,2],["1",2,"x"],[1,2,3],null,[1,2,"x",4]]')).toEqual([
      { map: 'ok', started_at: day + 1, ended_at: day + 2 },
    ]);
  });
});

describe.each(testDatabases())('maps moved into day rows on $name', (kind) => {
  let t: TestApp;
  const today = dayOf(nowSeconds());

  const record = (id: string, status: StoredStatus, at: number) => recordHistory(t.database.db, [{ id, status }], at);
  const history = async (id: string, range = '24h') =>
    serverHistoryResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/servers/${id}/history?range=${range}` })).json(),
    );
  const liveMaps = async (id: string) =>
    (
      await t.database.db.selectFrom('server_maps').select(['map', 'ended_at']).where('server_id', '=', id).execute()
    ).map((row) => ({ map: row.map, ended: row.ended_at === null ? null : Number(row.ended_at) }));
  const dayRows = async (id: string) =>
    (
      await t.database.db
        .selectFrom('server_map_days')
        .select(['day', 'maps'])
        .where('server_id', '=', id)
        .orderBy('day')
        .execute()
    ).map((row) => ({ day: Number(row.day), maps: unpackMapDay(Number(row.day), row.maps).map((m) => m.map) }));

  beforeAll(async () => {
    t = await startTestApp(kind);
    await insertGroup(t.database.db, groupRow({ id: 'g', name: 'g' }));
    await t.database.db
      .insertInto('servers')
      .values(
        ['night', 'bulk', 'keep', 'gone'].map((id, i) =>
          serverRow({ id, group_id: 'g', host: 'play.example.org', port: 27015 + i }),
        ),
      )
      .execute();
  });
  afterAll(async () => t?.close());

  it('moves a map once the day it ended in is over; the history answers the same maps before and after', async () => {
    const yesterday = today - DAY;
    // A map across midnight two days ago, two yesterday, one running since yesterday evening.
    await record('night', on('c1m1_hotel'), yesterday - 1800);
    await record('night', on('c1m2_streets'), yesterday + 600);
    await record('night', off, yesterday + 4000);
    await record('night', on('c1m3_mall'), yesterday + 5000);
    await record('night', on('c1m4_atrium'), yesterday + 80_000);
    // Those sweeps ran yesterday, not yet over: every map is still a row of server_maps.
    expect(await dayRows('night')).toEqual([]);
    const week = (await history('night', '7d')).maps;
    expect(week).toEqual([
      { map: 'c1m1_hotel', startedAt: yesterday - 1800, endedAt: yesterday + 600 },
      { map: 'c1m2_streets', startedAt: yesterday + 600, endedAt: yesterday + 4000 },
      { map: 'c1m3_mall', startedAt: yesterday + 5000, endedAt: yesterday + 80_000 },
      { map: 'c1m4_atrium', startedAt: yesterday + 80_000, endedAt: null },
    ]);

    // Today's first sweep moves yesterday's three ended maps into yesterday's row.
    const report = await record('night', on('c1m4_atrium'), today + 30);
    expect(report.mapsPacked).toBe(3);
    expect(await dayRows('night')).toEqual([{ day: yesterday, maps: ['c1m1_hotel', 'c1m2_streets', 'c1m3_mall'] }]);
    expect(await liveMaps('night')).toEqual([{ map: 'c1m4_atrium', ended: null }]);
    expect((await history('night', '7d')).maps).toEqual(week);
    // 24 hours back from now: the maps still running or ended in the range, from both places.
    const now = nowSeconds();
    expect((await history('night')).maps).toEqual(week.filter((m) => m.endedAt === null || m.endedAt >= now - DAY));
    expect((await history('night', '1y')).maps).toEqual(week);

    // A later move into the same day row keeps what it held (a map ended yesterday, moved late).
    await t.database.db
      .insertInto('server_maps')
      .values({ server_id: 'night', map: 'late_map', started_at: yesterday + 100, ended_at: yesterday + 200 })
      .execute();
    expect(await packEndedMaps(t.database.db, today + 60)).toBe(1);
    expect(await dayRows('night')).toEqual([
      { day: yesterday, maps: ['c1m1_hotel', 'late_map', 'c1m2_streets', 'c1m3_mall'] },
    ]);
  });

  it("moves at most a sweep's share, oldest ended first, and the next sweeps drain the rest", async () => {
    const start = today - 5 * DAY;
    const rows = Array.from({ length: 30 }, (_, i) => ({
      server_id: 'bulk',
      map: `map_${String(i).padStart(2, '0')}`,
      started_at: start + i * 10_000,
      ended_at: start + (i + 1) * 10_000,
    }));
    await t.database.db.insertInto('server_maps').values(rows).execute();
    expect(await packEndedMaps(t.database.db, today, 12)).toBe(12);
    expect((await liveMaps('bulk')).map((m) => m.map)).toEqual(rows.slice(12).map((r) => r.map));
    expect(await packEndedMaps(t.database.db, today, 12)).toBe(12);
    expect(await packEndedMaps(t.database.db, today, 12)).toBe(6);
    expect(await packEndedMaps(t.database.db, today, 12)).toBe(0);
    const days = await dayRows('bulk');
    expect(days.map((d) => d.day)).toEqual([0, 1, 2, 3].map((n) => start + n * DAY));
    expect(days.flatMap((d) => d.maps)).toEqual(rows.map((r) => r.map));
    expect((await history('bulk', '7d')).maps.map((m) => m.map)).toEqual(rows.map((r) => r.map));
  });

  it('prunes a day row once every map in it ended longer ago than maps are kept', async () => {
    const now = today + 3600;
    const cutoff = now - MAP_KEEP_SECONDS;
    const old = (ended: number) => ({ server_id: 'keep', map: `m${ended}`, started_at: ended - 60, ended_at: ended });
    await t.database.db
      .insertInto('server_maps')
      .values([old(dayOf(cutoff) - 10), old(cutoff + 10)])
      .execute();
    expect(await packEndedMaps(t.database.db, now)).toBe(2);
    expect((await dayRows('keep')).map((d) => d.day)).toEqual([dayOf(cutoff) - DAY, dayOf(cutoff)]);
    const report = await record('keep', on('c1m1_hotel'), now);
    expect(report.pruned).toBeGreaterThanOrEqual(1);
    // The day the cutoff falls in stays: it holds a map that ended after it.
    expect((await dayRows('keep')).map((d) => d.day)).toEqual([dayOf(cutoff)]);
  });

  it('goes with its server', async () => {
    await t.database.db
      .insertInto('server_maps')
      .values({ server_id: 'gone', map: 'x', started_at: today - DAY, ended_at: today - 10 })
      .execute();
    expect(await packEndedMaps(t.database.db, today)).toBe(1);
    await t.database.db.deleteFrom('servers').where('id', '=', 'gone').execute();
    expect(await dayRows('gone')).toEqual([]);
  });
});
