import { playerDetailSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeStatsService,
  json,
  seedServer,
  startFakeStatsService,
} from '../../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { recordConnect, recordSignIn } from './players-service';

const BOB = '76561197962734863';
const FORMS = [
  BOB,
  'STEAM_0:1:1234567',
  'STEAM_1:1:1234567',
  '[U:1:2469135]',
  encodeURIComponent(`https://steamcommunity.com/profiles/${BOB}`),
];

describe.each(testDatabases())('players on $name', (kind) => {
  let t: TestApp;
  let stats: FakeStatsService;
  let viewer: SignedIn;

  beforeAll(async () => {
    stats = await startFakeStatsService({ [BOB]: { kills: 12, deaths: 3 } }, ['76561197960265729']);
    t = await startTestApp(kind, { STATS_API_URL: stats.url });
    await seedServer(t, 's1');
    viewer = await signInAs(t, { codes: ['players.view'] });
    for (let i = 0; i < 5; i++) {
      await recordConnect(t.database.db, {
        steamid: `7656119796026${5730 + i}`,
        name: `Zed ${i}`,
        ip: '10.0.0.1',
        serverId: 's1',
        at: 1_700_000_000 + i,
      });
    }
    await recordConnect(t.database.db, {
      steamid: BOB,
      name: 'Bob',
      ip: '198.51.100.20',
      serverId: 's1',
      at: 1_700_000_100,
    });
  });
  afterAll(async () => {
    await t?.close();
    await stats?.close();
  });

  it.each(FORMS)('finds the same player by %s', async (form) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/players/${form}`, headers: viewer.headers });
    expect(response.statusCode).toBe(200);
    const detail = playerDetailSchema.parse(json(response));
    expect(detail.steamid).toBe(BOB);
    expect(detail.ids.steam2).toBe('STEAM_1:1:1234567');
    expect(detail.ips).toBeUndefined();
    expect(response.body).not.toContain('198.51.100.20');
  });

  it('lists most recent first with keyset pages, and searches by name prefix or id', async () => {
    const first = json(await t.app.inject({ method: 'GET', url: '/api/players?limit=4', headers: viewer.headers }));
    expect(first.players[0].steamid).toBe(BOB);
    const second = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/players?limit=4&cursor=${first.nextCursor}`,
        headers: viewer.headers,
      }),
    );
    expect(second.nextCursor).toBeNull();
    expect([...first.players, ...second.players].map((p: { steamid: string }) => p.steamid)).toHaveLength(6);
    const byName = json(
      await t.app.inject({ method: 'GET', url: '/api/players?q=zed&limit=2', headers: viewer.headers }),
    );
    expect(byName.players.map((p: { name: string }) => p.name)).toEqual(['Zed 0', 'Zed 1']);
    const rest = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/players?q=zed&limit=10&cursor=${byName.nextCursor}`,
        headers: viewer.headers,
      }),
    );
    expect(rest.players.map((p: { name: string }) => p.name)).toEqual(['Zed 2', 'Zed 3', 'Zed 4']);
    const byId = json(
      await t.app.inject({ method: 'GET', url: '/api/players?q=[U:1:2469135]', headers: viewer.headers }),
    );
    expect(byId.players.map((p: { steamid: string }) => p.steamid)).toEqual([BOB]);
  });

  it('a signed-in Steam account is a player too', async () => {
    const user = await signInAs(t, { name: 'Webby', steamid: '76561197960265740' });
    await recordSignIn(t.database.db, { id: user.userId, steamid: '76561197960265740', name: 'Webby' });
    const detail = json(
      await t.app.inject({ method: 'GET', url: '/api/players/76561197960265740', headers: viewer.headers }),
    );
    expect(detail).toMatchObject({ name: 'Webby', userId: user.userId });
  });

  it('a member without players.view reads their own profile in any id form, and nobody else', async () => {
    const own = '76561197960265741';
    const member = await signInAs(t, { name: 'Plain Member', steamid: own });
    await recordSignIn(t.database.db, { id: member.userId, steamid: own, name: 'Plain Member' });
    for (const form of [
      own,
      'STEAM_1:1:6',
      '[U:1:13]',
      encodeURIComponent(`https://steamcommunity.com/profiles/${own}`),
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/players/${form}`, headers: member.headers });
      expect(response.statusCode, form).toBe(200);
      expect(json(response)).toMatchObject({ steamid: own, name: 'Plain Member', userId: member.userId });
    }
    const ownStats = await t.app.inject({ method: 'GET', url: `/api/players/${own}/stats`, headers: member.headers });
    expect(ownStats.statusCode).toBe(404);
    expect(json(ownStats).message).toBe('No stats found for user');
    for (const url of [`/api/players/${BOB}`, `/api/players/${BOB}/stats`, '/api/players', '/api/players/garbage']) {
      const refused = await t.app.inject({ method: 'GET', url, headers: member.headers });
      expect(refused.statusCode, url).toBe(403);
      expect(json(refused)).toEqual({ error: 'FORBIDDEN', message: 'You do not have the permission players.view' });
    }
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/players/${own}` });
    expect(signedOut.statusCode).toBe(401);
  });

  it('reads stats from the external service with the SPEC 8 answers', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/players/STEAM_0:1:1234567/stats',
      headers: viewer.headers,
    });
    expect(json(ok)).toEqual({ user: { kills: 12, deaths: 3 } });
    expect(stats.requests).toContain(`/api/users/${BOB}`);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/players/76561197960265730/stats',
      headers: viewer.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('No stats found for user');
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/players/76561197960265729/stats',
      headers: viewer.headers,
    });
    expect(failed.statusCode).toBe(502);
    expect(json(failed).message).toBe('500 Internal Server Error database on fire');
    const detail = json(await t.app.inject({ method: 'GET', url: `/api/players/${BOB}`, headers: viewer.headers }));
    expect(detail.statsAvailable).toBe(true);
  });

  it('answers 404 for unknown or malformed ids and 400 for bad queries', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/players/garbage', headers: viewer.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/players/76561197960265999', headers: viewer.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/players?cursor=xx', headers: viewer.headers })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/players?limit=0', headers: viewer.headers })).statusCode,
    ).toBe(400);
  });
});

describe('stats without a working service', () => {
  it('answers 503', async () => {
    const [kind] = testDatabases();
    if (!kind) throw new Error('no test database');
    const t = await startTestApp(kind);
    try {
      const viewer = await signInAs(t, { codes: ['players.view'] });
      const response = await t.app.inject({ method: 'GET', url: `/api/players/${BOB}/stats`, headers: viewer.headers });
      expect(response.statusCode).toBe(503);
    } finally {
      await t.close();
    }
  });

  it('answers 504 when the configured service does not answer', async () => {
    const [kind] = testDatabases();
    if (!kind) throw new Error('no test database');
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    const t = await startTestApp(kind, { STATS_API_URL: 'http://127.0.0.1:9', STATS_TIMEOUT_MS: '1000' });
    try {
      const viewer = await signInAs(t, { codes: ['players.view'] });
      const response = await t.app.inject({ method: 'GET', url: `/api/players/${BOB}/stats`, headers: viewer.headers });
      expect(response.statusCode).toBe(504);
      expect(json(response).error).toBe('STATS_UNREACHABLE');
    } finally {
      await t.close();
    }
  });
});
