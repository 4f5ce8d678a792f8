import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banMaker, json, seedServer } from '../../test-support/players-bans-notes-fixtures';
import { signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// Issue 5 (the moderation permission matrix, continued): the game-server API answers a valid
// server token only; a session, a Basic header or a made-up token gets 401.

const PLAYER = '76561197962734863';

describe.each(testDatabases())('game-server token scope on $name', (kind) => {
  let t: TestApp;
  let nextBan: () => Promise<number>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedServer(t, 's1');
    const maker = await signInAs(t, { codes: ['bans.create'] });
    nextBan = banMaker(t, maker, PLAYER);
  });
  afterAll(async () => {
    await t?.close();
  });

  const gameRoutes: Array<{ method: 'GET' | 'POST'; url: string; payload?: object }> = [
    { method: 'GET', url: '/api/game/groups' },
    { method: 'GET', url: '/api/game/admins' },
    { method: 'GET', url: '/api/game/admins_simple.ini' },
    { method: 'GET', url: '/api/game/overrides' },
    { method: 'GET', url: `/api/game/notes/${PLAYER}` },
    { method: 'POST', url: '/api/game/check', payload: { steamid: PLAYER } },
    { method: 'POST', url: '/api/game/bans', payload: { steamid: PLAYER, reason: 'x', length: 60 } },
    { method: 'POST', url: '/api/game/unban', payload: { steamid: PLAYER, reason: 'x' } },
    { method: 'GET', url: '/api/game/reports/reasons' },
    {
      method: 'POST',
      url: '/api/game/reports',
      payload: { reporter: { steamid: 'STEAM_1:0:77' }, target: { steamid: PLAYER }, reason: 'Cheating' },
    },
    {
      method: 'POST',
      url: '/api/game/events',
      payload: {
        events: [
          { id: 'matrix-1', type: 'chat', timestamp: 1, steamid: PLAYER, name: 'P', message: 'hi', team: false },
        ],
      },
    },
  ];
  let tokens: Record<string, string> = {};
  beforeAll(async () => {
    await seedServer(t, 's2', 'Other');
    const owner = await signInAs(t, { codes: ['servers.tokens'] });
    for (const id of ['s1', 's2']) {
      const created = await t.app.inject({ method: 'POST', url: `/api/game-tokens/${id}`, headers: owner.headers });
      tokens = { ...tokens, [id]: json(created).token };
    }
  });
  it.each(gameRoutes)('$method $url needs a valid server token', async ({ method, url, payload }) => {
    const staffSession = await signInAs(t, { flags: 'z', immunity: 100 });
    for (const headers of [
      {},
      { authorization: 'Bearer opgs_not-a-real-token-at-all' },
      { authorization: `Basic ${tokens.s1}` },
      staffSession.headers,
    ]) {
      const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
    }
    const ok = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens.s1}` },
      ...(payload ? { payload } : {}),
    });
    expect(ok.statusCode).toBeLessThan(300);
  });
  // Issue 31 item 8: a server's token lifts only what its own server issued, so a web ban stays
  // whoever the token names (even an admin holding bans.unban on the web).
  it.each([
    ['no admin', {}, false],
    ['an in-game admin without bans.unban', { steamid: 'STEAM_0:1:9000' }, false],
    ['an in-game admin holding bans.unban', { steamid: '[U:1:18002]' }, false],
  ])('a web ban, lifted by a token naming %s', async (_, admin, lifts) => {
    const ban = await nextBan();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/game/unban',
      headers: { authorization: `Bearer ${tokens.s2}` },
      payload: { steamid: PLAYER, reason: 'x', admin },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response).unbanned.includes(ban)).toBe(lifts);
    expect(json(response).refused.includes(ban)).toBe(!lifts);
  });
  // The site setting trustInGameUnbans (off above): on, the unbanner connected to s2 by s2's
  // own events lifts the web ban through s2's token; the in-game admin without bans.unban,
  // connected too, still does not.
  it.each([
    ['an in-game admin holding bans.unban, connected to that server', '[U:1:18002]', true],
    ['an in-game admin without bans.unban, connected to that server', 'STEAM_0:1:9000', false],
  ])('with trustInGameUnbans on, a web ban lifted by a token naming %s', async (_, steamid, lifts) => {
    const settings = await signInAs(t, { codes: ['panel.settings'] });
    const setTrust = (on: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/panel/settings',
        headers: settings.headers,
        payload: { trustInGameUnbans: on },
      });
    expect((await setTrust(true)).statusCode).toBe(200);
    try {
      const connect = await t.app.inject({
        method: 'POST',
        url: '/api/game/events',
        headers: { authorization: `Bearer ${tokens.s2}` },
        payload: {
          events: [
            {
              id: `trust-${steamid}`,
              type: 'connect',
              timestamp: Math.floor(Date.now() / 1000),
              steamid,
              name: 'Admin',
            },
          ],
        },
      });
      expect(connect.statusCode).toBe(200);
      const ban = await nextBan();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/game/unban',
        headers: { authorization: `Bearer ${tokens.s2}` },
        payload: { steamid: PLAYER, reason: 'x', admin: { steamid } },
      });
      expect(response.statusCode).toBe(200);
      expect(json(response).unbanned.includes(ban)).toBe(lifts);
      expect(json(response).refused.includes(ban)).toBe(!lifts);
    } finally {
      expect((await setTrust(false)).statusCode).toBe(200);
    }
  });
  beforeAll(async () => {
    // STEAM_0:1:9000 = account 18001; [U:1:18002] = account 18002.
    await signInAs(t, { name: 'Game mod', steamid: '76561197960283729', flags: 'bcd', codes: ['bans.create'] });
    await signInAs(t, { name: 'Game head', steamid: '76561197960283730', flags: 'bcde', codes: ['bans.unban'] });
  });
});
