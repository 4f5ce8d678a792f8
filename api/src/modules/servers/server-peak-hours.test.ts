import {
  serverHistoryResponseSchema,
  serverPeakHoursResponseSchema,
  serverSparklinesResponseSchema,
} from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../lib/clock';
import { groupRow, serverRow } from '../../test-support/server-rows';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

const DAY = 86_400;
const HOUR = 3600;

describe.each(testDatabases())('server charts data on $name', (kind) => {
  let t: TestApp;
  const now = nowSeconds();
  const thisHour = Math.floor(now / HOUR) * HOUR;
  const quarter = (at: number, players: number, online = 60, samples = 60) => ({
    server_id: 'busy',
    bucket_seconds: 900,
    at,
    samples,
    online_samples: online,
    player_samples: online,
    players_sum: players * online,
    players_min: players - 1,
    players_max: players + 1,
    max_players: 16,
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    const db = t.database.db;
    await db
      .insertInto('server_groups')
      .values(groupRow({ id: 'g', name: 'g' }))
      .execute();
    await db
      .insertInto('servers')
      .values([serverRow({ id: 'busy', group_id: 'g', port: 1 }), serverRow({ id: 'idle', group_id: 'g', port: 2 })])
      .execute();
    // Two hours ago: four 15-minute buckets with 2, 4, 6 and 8 players; one of them half offline.
    const twoAgo = thisHour - 2 * HOUR;
    await db
      .insertInto('server_history')
      .values([
        quarter(twoAgo, 2),
        quarter(twoAgo + 900, 4),
        quarter(twoAgo + 1800, 6, 30),
        quarter(twoAgo + 2700, 8),
        // Eight days ago, same hour: only in the 30-day heat map.
        quarter(twoAgo - 8 * DAY, 10),
        // 40 days ago: outside the 30-day graph and the default heat map.
        quarter(twoAgo - 40 * DAY, 50),
      ])
      .execute();
  });
  afterAll(async () => t?.close());

  it('answers 30 days in hourly buckets merged from the 15-minute rollup', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/servers/busy/history?range=30d' });
    expect(response.statusCode).toBe(200);
    const month = serverHistoryResponseSchema.parse(response.json());
    expect(month.bucketSeconds).toBe(HOUR);
    const twoAgo = thisHour - 2 * HOUR;
    expect(month.buckets).toEqual([
      { at: twoAgo - 8 * DAY, min: 9, avg: 10, max: 11, maxPlayers: 16, online: 1 },
      // (2*60 + 4*60 + 6*30 + 8*60) / 210 polls that counted = 4.86; 210 of 240 polls answered.
      { at: twoAgo, min: 1, avg: 4.86, max: 9, maxPlayers: 16, online: 0.88 },
    ]);
    // 270 of 300 polls answered over the range.
    expect(month.uptime).toBe(90);
  });

  it('answers the week-by-hour heat map, shifted into the asked time zone, as JSON and CSV', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/servers/busy/peak-hours' });
    expect(response.statusCode).toBe(200);
    const peaks = serverPeakHoursResponseSchema.parse(response.json());
    expect(peaks).toMatchObject({ serverId: 'busy', days: 30, offset: 0 });
    expect(peaks.cells).toHaveLength(168);
    const twoAgo = new Date((thisHour - 2 * HOUR) * 1000);
    const weekday = (twoAgo.getUTCDay() + 6) % 7;
    const cell = peaks.cells[weekday * 24 + twoAgo.getUTCHours()];
    // Eight days ago lands on the weekday before, at the same hour.
    expect(cell).toEqual({ weekday, hour: twoAgo.getUTCHours(), avg: 4.86, max: 9, online: 0.88 });
    const dayBefore = peaks.cells[((weekday + 6) % 7) * 24 + twoAgo.getUTCHours()];
    expect(dayBefore).toMatchObject({ avg: 10, max: 11, online: 1 });
    expect(peaks.cells.filter((c) => c.avg !== null)).toHaveLength(2);

    // Two hours east of UTC: the same polls two hours later in the day.
    const east = serverPeakHoursResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/servers/busy/peak-hours?offset=120' })).json(),
    );
    const shifted = new Date((thisHour - 2 * HOUR + 2 * HOUR) * 1000);
    expect(east.cells[((shifted.getUTCDay() + 6) % 7) * 24 + shifted.getUTCHours()]).toMatchObject({ avg: 4.86 });

    const csv = await t.app.inject({ method: 'GET', url: '/api/servers/busy/peak-hours?format=csv' });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('server-busy-peak-hours-30d.csv');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('weekday,day,hour,avg,max,online');
    expect(lines).toHaveLength(169);
    expect(lines).toContain(
      `${weekday},${['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][weekday]},${twoAgo.getUTCHours()},4.86,9,0.88`,
    );
    const byAccept = await t.app.inject({
      method: 'GET',
      url: '/api/servers/busy/peak-hours',
      headers: { accept: 'text/csv' },
    });
    expect(byAccept.body).toBe(csv.body);
  });

  it('refuses an unknown server (404) and bad days, offset or format (400)', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/servers/nope/peak-hours' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'SERVER_NOT_FOUND', message: expect.any(String) });
    for (const query of ['days=3', 'days=91', 'days=x', 'offset=7', 'offset=900', 'format=xml']) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/servers/busy/peak-hours?${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.any(String) });
    }
  });

  it('answers every server’s last 24 hours as hourly means for the sparklines, to anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/servers/sparklines' });
    expect(response.statusCode).toBe(200);
    const lines = serverSparklinesResponseSchema.parse(response.json());
    expect(lines.from).toBe(thisHour - 23 * HOUR);
    expect(Object.keys(lines.servers).sort()).toEqual(['busy', 'idle']);
    expect(lines.servers.idle).toEqual(Array.from({ length: 24 }, () => null));
    const busy = lines.servers.busy ?? [];
    expect(busy).toHaveLength(24);
    expect(busy[21]).toBe(4.86);
    expect(busy.filter((value) => value !== null)).toEqual([4.86]);
  });
});
