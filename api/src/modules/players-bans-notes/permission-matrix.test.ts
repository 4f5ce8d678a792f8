import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  banMaker,
  type FakeStatsService,
  json,
  seedServer,
  startFakeStatsService,
} from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// Every staff endpoint of issue 5: signed out 401, signed in without the permission 403,
// with the permission the success status. Public endpoints answer anonymous callers.

const PLAYER = '76561197962734863';

interface Case {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string | (() => string);
  /** null = any signed-in user. */
  code: string | null;
  ok: number;
  payload?: () => unknown;
  /** Runs as the permission holder before its allowed request (e.g. claim before release). */
  prepare?: (holder: SignedIn) => Promise<void>;
}

describe.each(testDatabases())('moderation permission matrix on $name', (kind) => {
  let t: TestApp;
  let stats: FakeStatsService;
  let nobody: SignedIn;
  let target: SignedIn;
  let nextBan: () => Promise<number>;
  let nextNote: () => Promise<number>;
  let nextReportGroup: () => Promise<number>;

  beforeAll(async () => {
    stats = await startFakeStatsService({ [PLAYER]: { kills: 3 } });
    t = await startTestApp(kind, { STATS_API_URL: stats.url });
    await seedServer(t, 's1');
    nobody = await signInAs(t, { codes: ['panel.view'] });
    target = await signInAs(t, { name: 'Target', steamid: PLAYER });
    const maker = await signInAs(t, { codes: ['bans.create', 'notes.create'] });
    nextBan = banMaker(t, maker, PLAYER);
    nextNote = async () =>
      json(
        await t.app.inject({
          method: 'POST',
          url: '/api/notes',
          headers: maker.headers,
          payload: { steamid: PLAYER, body: 'n' },
        }),
      ).id;
    // A report by a new member each time (the per-reporter limit), into the player's open group.
    nextReportGroup = async () => {
      const reporter = await signInAs(t, { name: 'Reporter' });
      const filed = await t.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: reporter.headers,
        payload: { target: PLAYER, reason: 'Cheating' },
      });
      expect(filed.statusCode).toBe(201);
      const group = await t.database.db
        .selectFrom('player_report_groups')
        .select('id')
        .where('target_steamid', '=', PLAYER)
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow();
      return Number(group.id);
    };
  });
  afterAll(async () => {
    await t?.close();
    await stats?.close();
  });

  const ids: { ban: number; note: number; group: number } = { ban: 0, note: 0, group: 0 };
  const cases: Case[] = [
    { method: 'GET', url: '/api/players', code: 'players.view', ok: 200 },
    { method: 'GET', url: `/api/players/${PLAYER}`, code: 'players.view', ok: 200 },
    { method: 'GET', url: `/api/players/${PLAYER}/stats`, code: 'players.view', ok: 200 },
    { method: 'GET', url: `/api/users/${PLAYER}?include=admin`, code: null, ok: 200 },
    {
      method: 'PUT',
      url: `/api/users/${PLAYER}/privileges`,
      code: 'users.edit-privileges',
      ok: 200,
      payload: () => ({ roleIds: [], flags: '', immunityLevel: 0, codes: [] }),
    },
    { method: 'GET', url: '/api/roles', code: 'users.edit-privileges', ok: 200 },
    {
      method: 'POST',
      url: '/api/bans',
      code: 'bans.create',
      ok: 201,
      payload: () => ({ steamid: PLAYER, reason: 'x', length: null }),
    },
    {
      method: 'PATCH',
      url: () => `/api/bans/${ids.ban}`,
      code: 'bans.edit',
      ok: 200,
      payload: () => ({ reason: 'edited' }),
    },
    {
      method: 'POST',
      url: () => `/api/bans/${ids.ban}/unban`,
      code: 'bans.unban',
      ok: 200,
      payload: () => ({ reason: 'appeal' }),
    },
    {
      method: 'POST',
      url: '/api/notes',
      code: 'notes.create',
      ok: 201,
      payload: () => ({ steamid: PLAYER, body: 'hi' }),
    },
    {
      method: 'PATCH',
      url: () => `/api/notes/${ids.note}`,
      code: 'notes.edit',
      ok: 200,
      payload: () => ({ isPublic: true }),
    },
    { method: 'DELETE', url: () => `/api/notes/${ids.note}`, code: 'notes.edit', ok: 204 },
    { method: 'GET', url: '/api/logs', code: 'logs.view', ok: 200 },
    { method: 'GET', url: '/api/reports/form', code: null, ok: 200 },
    { method: 'GET', url: '/api/reports/mine', code: null, ok: 200 },
    { method: 'GET', url: '/api/reports/recent-players?serverId=s1', code: null, ok: 200 },
    {
      method: 'POST',
      url: '/api/reports',
      code: null,
      ok: 201,
      payload: () => ({ target: PLAYER, reason: 'Griefing', evidence: ['https://video.example.org/1'] }),
    },
    { method: 'GET', url: '/api/reports/groups', code: 'reports.manage', ok: 200 },
    { method: 'GET', url: () => `/api/reports/groups/${ids.group}`, code: 'reports.manage', ok: 200 },
    {
      method: 'POST',
      url: () => `/api/reports/groups/${ids.group}/claim`,
      code: 'reports.manage',
      ok: 200,
      payload: () => ({ force: true }),
    },
    {
      method: 'DELETE',
      url: () => `/api/reports/groups/${ids.group}/claim`,
      code: 'reports.manage',
      ok: 200,
      prepare: async (holder) => {
        const claimed = await t.app.inject({
          method: 'POST',
          url: `/api/reports/groups/${ids.group}/claim`,
          headers: holder.headers,
          payload: { force: true },
        });
        expect(claimed.statusCode).toBe(200);
      },
    },
    {
      method: 'POST',
      url: () => `/api/reports/groups/${ids.group}/resolve`,
      code: 'reports.manage',
      ok: 200,
      payload: () => ({ action: 'dismiss' }),
    },
    { method: 'GET', url: '/api/game-tokens/s1', code: 'servers.tokens', ok: 200 },
    { method: 'POST', url: '/api/game-tokens/s1', code: 'servers.tokens', ok: 201 },
    { method: 'GET', url: '/api/game-overrides', code: 'users.view-admin', ok: 200 },
    {
      method: 'PUT',
      url: '/api/game-overrides',
      code: 'users.edit-privileges',
      ok: 200,
      payload: () => ({ overrides: [] }),
    },
    { method: 'GET', url: '/api/game-group-immunities', code: 'users.view-admin', ok: 200 },
    { method: 'GET', url: '/api/game-admin-identities', code: 'users.view-admin', ok: 200 },
    {
      method: 'PUT',
      url: '/api/game-admin-identities',
      code: 'users.edit-privileges',
      ok: 200,
      payload: () => ({ admins: [] }),
    },
    {
      method: 'PUT',
      url: '/api/game-group-immunities',
      code: 'users.edit-privileges',
      ok: 200,
      payload: () => ({ immunities: [] }),
    },
  ];

  it.each(cases)('$method $url needs $code', async (c) => {
    ids.ban = await nextBan();
    ids.note = await nextNote();
    ids.group = await nextReportGroup();
    const url = typeof c.url === 'function' ? c.url() : c.url;
    const request = (headers?: Record<string, string>) =>
      t.app.inject({ method: c.method, url, headers, ...(c.payload ? { payload: c.payload() as object } : {}) });
    const signedOut = await request();
    expect(signedOut.statusCode).toBe(401);
    expect(json(signedOut)).toMatchObject({ error: 'UNAUTHORIZED' });
    if (c.code) {
      const denied = await request(nobody.headers);
      expect(denied.statusCode).toBe(403);
      expect(json(denied).error).toBe('FORBIDDEN');
    }
    const holder = await signInAs(t, { codes: c.code ? [c.code] : [], immunity: 10 });
    await c.prepare?.(holder);
    const allowed = await request(holder.headers);
    expect(allowed.statusCode, allowed.body).toBe(c.ok);
  });

  it.each(['/api/bans', '/api/notes', '/api/search?q=x', `/api/bans/${1}`])('%s is public', async (url) => {
    await nextBan();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('the superuser flag passes every permission check', async () => {
    const root = await signInAs(t, { flags: 'z', immunity: 100 });
    expect((await t.app.inject({ method: 'GET', url: '/api/logs', headers: root.headers })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({ method: 'GET', url: `/api/users/${target.userId}?include=admin`, headers: root.headers })
      ).json().adminData,
    ).toBeDefined();
  });

  // Issue 9: the act-on and grant-limit rules in the matrix. Each action on another
  // account is refused (403) to a holder of its permission whose effective immunity is not
  // strictly above a staff target's, and a grant beyond the holder's own is refused.
  describe('act-on and grant-limit', () => {
    const STAFF = '76561197962734999';
    beforeAll(async () => {
      await signInAs(t, { name: 'Staff target', steamid: STAFF, flags: 'b', immunity: 20 });
    });
    const actOn: Array<{ what: string; code: string; call: (headers: Record<string, string>) => Promise<number> }> = [
      {
        what: 'ban',
        code: 'bans.create',
        call: async (headers) =>
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/bans',
              headers,
              payload: { steamid: STAFF, reason: 'x', length: 60 },
            })
          ).statusCode,
      },
      {
        what: 'note',
        code: 'notes.create',
        call: async (headers) =>
          (await t.app.inject({ method: 'POST', url: '/api/notes', headers, payload: { steamid: STAFF, body: 'x' } }))
            .statusCode,
      },
      // Last: at the allowed immunity it makes the target a plain member.
      {
        what: 'privileges',
        code: 'users.edit-privileges',
        call: async (headers) =>
          (
            await t.app.inject({
              method: 'PUT',
              url: `/api/users/${STAFF}/privileges`,
              headers,
              payload: { roleIds: [], flags: '', immunityLevel: 0, codes: [] },
            })
          ).statusCode,
      },
    ];
    it.each(actOn)('$what on staff: refused at equal or lower immunity, allowed above', async ({ code, call }) => {
      for (const [immunity, expected] of [
        [10, 403],
        [20, 403],
        [21, code === 'notes.create' || code === 'bans.create' ? 201 : 200],
      ] as const) {
        const holder = await signInAs(t, { codes: [code, 'users.view-admin'], flags: 'b', immunity });
        expect([code, immunity, await call(holder.headers)]).toEqual([code, immunity, expected]);
      }
    });
    it.each([['servers.action.[b-z]*'], ['servers.action.s*'], ['bans.*'], ['!notes.create'], ['*']])(
      'a grant of %s beyond the holder is refused',
      async (pattern) => {
        const holder = await signInAs(t, { codes: ['users.edit-privileges', 'notes.create'], immunity: 30 });
        const response = await t.app.inject({
          method: 'PUT',
          url: `/api/users/${target.userId}/privileges`,
          headers: holder.headers,
          payload: { roleIds: [], flags: '', immunityLevel: 0, codes: [pattern] },
        });
        expect(response.statusCode).toBe(403);
      },
    );
  });

  // Issue 9 item 8: a game-server token in the matrix. No token, a made-up token and a
  // staff session are refused on every /api/game route; a token's unban reaches only its
  // own server's bans unless the named in-game admin holds bans.unban.

  it('state changes with a session cookie need our Origin', async () => {
    const holder = await signInAs(t, { codes: ['bans.create'] });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bans',
      headers: { cookie: holder.headers.cookie, origin: 'https://evil.example' },
      payload: { steamid: PLAYER, reason: 'csrf', length: null },
    });
    expect(response.statusCode).toBe(403);
  });
});
