import { serverHistoryResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../../lib/clock';
import { groupRow, insertGroup, serverRow } from '../../../test-support/server-rows';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { readBuckets } from '../history-buckets';
import { bucketStart, type HistorySample, recordHistory } from './server-history';
import type { StoredStatus } from './stored-status';

const DAY = 86_400;

const up = (players: number, map: string | null = 'c1m1_hotel', max = 8): StoredStatus => ({
  online: true,
  data: { players: [], maxplayers: max, map, playerCount: players },
});
const down: StoredStatus = { online: false, data: null };
const unreadable: StoredStatus = { online: true, data: null };

describe.each(testDatabases())('server history on $name', (kind) => {
  let t: TestApp;
  // Start of the last whole 15-minute bucket: every sample below stays in one 15-minute and one daily bucket.
  const base = bucketStart(nowSeconds(), 900) - 900;

  async function addServers(ids: string[]) {
    const db = t.database.db;
    for (let start = 0; start < ids.length; start += 200) {
      await db
        .insertInto('servers')
        .values(
          ids
            .slice(start, start + 200)
            .map((id) => serverRow({ id, group_id: 'g', host: 'play.example.org', port: 27015 })),
        )
        .execute();
    }
  }
  // 1-minute and 15-minute buckets as the charts read them (packed by the day or not yet).
  const buckets = (serverId: string, seconds: number) =>
    seconds === 60 || seconds === 900
      ? readBuckets(t.database.db, seconds, 0, serverId)
      : t.database.db
          .selectFrom('server_history')
          .selectAll()
          .where('server_id', '=', serverId)
          .where('bucket_seconds', '=', seconds)
          .orderBy('at')
          .execute();
  const record = (samples: [string, StoredStatus][], at: number) =>
    recordHistory(
      t.database.db,
      samples.map(([id, status]): HistorySample => ({ id, status })),
      at,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    await insertGroup(t.database.db, groupRow({ id: 'g', name: 'g' }));
    await addServers(['math', 'maps', 'old', 'api', 'quiet']);
  });
  afterAll(async () => t?.close());

  it('rolls samples up into 1-minute, 15-minute and daily buckets: min, avg, max, online fraction', async () => {
    await record([['math', up(2)]], base);
    await record([['math', up(6, 'c1m1_hotel', 10)]], base + 20);
    await record([['math', down]], base + 40);
    await record([['math', unreadable]], base + 61);
    await record([['math', up(1)]], base + 75);

    const minutes = await buckets('math', 60);
    expect(minutes).toHaveLength(2);
    expect(minutes[0]).toMatchObject({
      at: base,
      samples: 3,
      online_samples: 2,
      player_samples: 2,
      players_sum: 8,
      players_min: 2,
      players_max: 6,
      max_players: 10,
    });
    expect(minutes[1]).toMatchObject({
      at: base + 60,
      samples: 2,
      online_samples: 2,
      player_samples: 1,
      players_min: 1,
      players_max: 1,
      max_players: 8,
    });
    for (const seconds of [900, DAY]) {
      const [bucket] = await buckets('math', seconds);
      expect(bucket).toMatchObject({
        at: bucketStart(base, seconds),
        samples: 5,
        online_samples: 4,
        player_samples: 3,
        players_sum: 9,
        players_min: 1,
        players_max: 6,
      });
    }

    const response = await t.app.inject({ method: 'GET', url: '/api/servers/math/history?range=24h' });
    expect(response.statusCode).toBe(200);
    const history = serverHistoryResponseSchema.parse(response.json());
    expect(history.bucketSeconds).toBe(60);
    expect(history.buckets).toEqual([
      { at: base, min: 2, avg: 4, max: 6, maxPlayers: 10, online: 0.67 },
      { at: base + 60, min: 1, avg: 1, max: 1, maxPlayers: 8, online: 1 },
    ]);
    expect(history.uptime).toBe(80);
    const week = serverHistoryResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/servers/math/history?range=7d' })).json(),
    );
    expect(week.bucketSeconds).toBe(900);
    expect(week.buckets).toEqual([{ at: base, min: 1, avg: 3, max: 6, maxPlayers: 8, online: 0.8 }]);
    const year = serverHistoryResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/servers/math/history?range=1y' })).json(),
    );
    expect(year.bucketSeconds).toBe(DAY);
    expect(year.buckets).toEqual([{ at: bucketStart(base, DAY), min: 1, avg: 3, max: 6, maxPlayers: 8, online: 0.8 }]);
  });

  it('writes a whole sweep in one upsert per 500 rows and one transaction, not a statement per server', async () => {
    const ids = Array.from({ length: 400 }, (_, i) => `batch-${i}`);
    await addServers(ids);
    const report = await record(
      ids.map((id, i) => [id, up(i % 9)]),
      base,
    );
    // 400 servers x 3 bucket sizes = 1200 rows in 3 statements.
    expect(report).toMatchObject({ rows: 1200, statements: 3, mapsStarted: 400 });
    const again = await record(
      ids.map((id) => [id, up(3)]),
      base + 5,
    );
    expect(again).toMatchObject({ rows: 1200, statements: 3, mapsStarted: 0, mapsEnded: 0 });
    const [minute] = await buckets('batch-8', 60);
    expect(minute).toMatchObject({ samples: 2, players_sum: 11, players_min: 3, players_max: 8 });
  });

  it('prunes 1-minute buckets after 48 hours and 15-minute ones after 90 days (a packed day once all of it is past), keeps daily ones', async () => {
    const db = t.database.db;
    const row = (bucket_seconds: number, at: number) => ({
      server_id: 'old',
      bucket_seconds,
      at,
      samples: 1,
      online_samples: 1,
      player_samples: 1,
      players_sum: 1,
      players_min: 1,
      players_max: 1,
      max_players: 8,
    });
    await db
      .insertInto('server_history')
      .values([
        row(60, base - 3 * DAY),
        row(60, bucketStart(base - 2 * DAY + 120, 60)),
        row(900, bucketStart(base - 91 * DAY - 1800, 900)),
        row(900, bucketStart(base - 90 * DAY + 1800, 900)),
        row(DAY, bucketStart(base - 900 * DAY, DAY)),
      ])
      .execute();
    const report = await record([['old', up(1)]], base);
    // The oldest hour of each size is packed into its day, and that day is past the window.
    expect(report.packed).toBeGreaterThanOrEqual(2);
    expect(report.pruned).toBeGreaterThanOrEqual(2);
    expect((await buckets('old', 60)).map((r) => r.at)).toEqual([bucketStart(base - 2 * DAY + 120, 60), base]);
    expect((await buckets('old', 900)).map((r) => r.at)).toEqual([bucketStart(base - 90 * DAY + 1800, 900), base]);
    expect(await buckets('old', DAY)).toHaveLength(2);
  });

  it('packs an hour once it is over into the server-day row; the charts answer the same buckets', async () => {
    const db = t.database.db;
    await addServers(['packed']);
    const hour = bucketStart(base, 3600) - 3 * 3600;
    await record([['packed', up(4, 'c1m1_hotel', 16)]], hour + 30);
    await record([['packed', up(6, 'c1m1_hotel', 16)]], hour + 45);
    await record([['packed', down]], hour + 930);
    const before = {
      day: (await t.app.inject({ method: 'GET', url: '/api/servers/packed/history?range=24h' })).json(),
      week: (await t.app.inject({ method: 'GET', url: '/api/servers/packed/history?range=7d' })).json(),
      month: (await t.app.inject({ method: 'GET', url: '/api/servers/packed/history?range=30d' })).json(),
      heat: (await t.app.inject({ method: 'GET', url: '/api/servers/packed/peak-hours?days=7' })).json(),
    };
    expect(before.day.buckets).toHaveLength(2);
    // A sweep in a later hour packs the finished one (and adds its own sample, left out below).
    const report = await record([['packed', up(9, 'c1m1_hotel', 16)]], hour + 2 * 3600);
    expect(report.packed).toBeGreaterThanOrEqual(4);
    const live = await db
      .selectFrom('server_history')
      .select('at')
      .where('server_id', '=', 'packed')
      .where('bucket_seconds', '!=', DAY)
      .execute();
    expect(live.map((r) => Number(r.at)).sort()).toEqual([hour + 2 * 3600, hour + 2 * 3600]);
    const days = await db
      .selectFrom('server_history_days')
      .select('bucket_seconds')
      .where('server_id', '=', 'packed')
      .execute();
    expect(days.map((r) => r.bucket_seconds).sort()).toEqual([60, 900]);
    const after = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();
    const day = await after('/api/servers/packed/history?range=24h');
    expect(day.buckets.slice(0, 2)).toEqual(before.day.buckets);
    expect(day.buckets[0]).toEqual({ at: hour, min: 4, avg: 5, max: 6, maxPlayers: 16, online: 1 });
    expect((await after('/api/servers/packed/history?range=7d')).buckets.slice(0, 2)).toEqual(before.week.buckets);
    expect((await after('/api/servers/packed/history?range=30d')).buckets[0]).toEqual(before.month.buckets[0]);
    const heat = (await after('/api/servers/packed/peak-hours?days=7')).cells;
    const hourOfWeek = Math.floor((hour + 3 * DAY) / 3600) % 168;
    expect(heat[hourOfWeek]).toEqual(before.heat.cells[hourOfWeek]);
  });

  it('follows map changes: a new map ends the running one, offline ends it, no readable map changes nothing', async () => {
    await record([['maps', up(1, 'c1m1_hotel')]], base);
    await record([['maps', up(2, 'c1m1_hotel')]], base + 10);
    await record([['maps', up(2, 'c1m2_streets')]], base + 20);
    await record([['maps', unreadable]], base + 30);
    await record([['maps', down]], base + 40);
    await record([['maps', down]], base + 50);
    await record([['maps', up(0, 'c2m1_highway')]], base + 60);
    const history = serverHistoryResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/servers/maps/history' })).json(),
    );
    expect(history.range).toBe('24h');
    expect(history.maps).toEqual([
      { map: 'c1m1_hotel', startedAt: base, endedAt: base + 20 },
      { map: 'c1m2_streets', startedAt: base + 20, endedAt: base + 40 },
      { map: 'c2m1_highway', startedAt: base + 60, endedAt: null },
    ]);
  });

  it('answers CSV with ?format=csv or Accept: text/csv, one line per bucket with its map', async () => {
    await record([['api', up(3, 'ctf_2fort', 24)]], base);
    await record([['api', up(5, 'ctf_2fort', 24)]], base + 10);
    await record([['api', up(7, 'pl_upward', 24)]], base + 60);
    const byQuery = await t.app.inject({ method: 'GET', url: '/api/servers/api/history?range=24h&format=csv' });
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.headers['content-type']).toMatch(/^text\/csv/);
    expect(byQuery.headers['content-disposition']).toContain('server-api-24h.csv');
    expect(byQuery.body.split('\r\n')).toEqual([
      'at,time,min,avg,max,max_players,online,map',
      `${base},${new Date(base * 1000).toISOString()},3,4,5,24,1,ctf_2fort`,
      `${base + 60},${new Date((base + 60) * 1000).toISOString()},7,7,7,24,1,pl_upward`,
      '',
    ]);
    const byAccept = await t.app.inject({
      method: 'GET',
      url: '/api/servers/api/history?range=24h',
      headers: { accept: 'text/csv' },
    });
    expect(byAccept.headers['content-type']).toMatch(/^text\/csv/);
    expect(byAccept.body).toBe(byQuery.body);
    const json = await t.app.inject({
      method: 'GET',
      url: '/api/servers/api/history',
      headers: { accept: 'application/json' },
    });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers an empty history for a server never polled, 404 for an unknown server, 400 for a bad range or format', async () => {
    const quiet = await t.app.inject({ method: 'GET', url: '/api/servers/quiet/history?range=30d' });
    expect(quiet.json()).toMatchObject({ serverId: 'quiet', bucketSeconds: 3600, uptime: null, buckets: [], maps: [] });
    const missing = await t.app.inject({ method: 'GET', url: '/api/servers/nope/history' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'SERVER_NOT_FOUND', message: expect.any(String) });
    for (const query of ['range=2h', 'range=', 'format=xml']) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/servers/math/history?${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.any(String) });
    }
  });

  it('drops a deleted server history with it', async () => {
    await t.database.db.deleteFrom('servers').where('id', '=', 'maps').execute();
    expect(await buckets('maps', 60)).toEqual([]);
    const maps = await t.database.db.selectFrom('server_maps').select('id').where('server_id', '=', 'maps').execute();
    expect(maps).toEqual([]);
  });
});
