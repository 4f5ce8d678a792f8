import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePlugin } from '../../../test-support/fakes/fake-plugin';
import { json, seedServer } from '../../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { metaService } from '../../meta';

// The warning ladder per scope (issue 25 item 5): a step counts the player's active warnings
// in the whole community, on the new warning's server group or on its server, and bans there.

const PLAYERS = Array.from({ length: 8 }, (_, i) => `7656119800000010${i}`);

describe.each(testDatabases())('warning ladder per scope on $name', (kind) => {
  let t: TestApp;
  let staff: SignedIn;
  // s1 and s2 share the group g-s1 ('Versus'); s3 is alone in g-s3 ('Other').
  const plugins: Record<string, FakePlugin> = {};

  const webWarn = (steamid: string, reason = 'Web warning') =>
    t.app.inject({ method: 'POST', url: '/api/warnings', headers: staff.headers, payload: { steamid, reason } });
  const gameWarn = async (server: string, steamid: string, reason = `In game on ${server}`) => {
    const response = await (plugins[server] as FakePlugin).call('POST', '/warnings', {
      steamid,
      reason,
      admin: { name: 'InGameAdmin' },
    });
    expect(response.status, response.text).toBe(201);
    return response.body as { warning: { id: number }; banId: number | null };
  };
  const ban = async (id: number | null) =>
    json(await t.app.inject({ method: 'GET', url: `/api/bans/${id}`, headers: staff.headers }));
  const ladderBans = async (steamid: string) =>
    json(await t.app.inject({ method: 'GET', url: `/api/bans?steamid=${steamid}`, headers: staff.headers })).bans;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await seedServer(t, 's1', 'Versus #1');
    await seedServer(t, 's2', 'Versus #2');
    await seedServer(t, 's3', 'Other #1');
    await t.database.db.updateTable('servers').set({ group_id: 'g-s1' }).where('id', '=', 's2').execute();
    await t.database.db.updateTable('server_groups').set({ name: 'Other' }).where('id', '=', 'g-s3').execute();
    staff = await signInAs(t, {
      name: 'Warden',
      codes: ['warnings.*', 'players.view', 'servers.tokens', 'bans.*'],
      immunity: 50,
    });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    for (const server of ['s1', 's2', 's3']) {
      const created = await t.app.inject({ method: 'POST', url: `/api/game-tokens/${server}`, headers: staff.headers });
      plugins[server] = new FakePlugin(base, json(created).token);
    }
    await metaService.writeSiteSettings(t.database.db, {
      warnings: {
        expiryDays: 30,
        ladder: [
          { warnings: 2, banLength: 3600, scope: 'server' },
          { warnings: 3, banLength: 86400, scope: 'group' },
          { warnings: 4, banLength: 7 * 86400, scope: 'community' },
        ],
      },
    });
  });
  afterAll(async () => t?.close());

  it('a server step counts the warnings given on that server and bans there only', async () => {
    const player = PLAYERS[0] as string;
    expect((await gameWarn('s1', player)).banId).toBeNull();
    // One on another server of another group: neither the server nor the group step.
    expect((await gameWarn('s3', player)).banId).toBeNull();
    const second = await gameWarn('s1', player, 'Mic spam');
    expect(second.banId).not.toBeNull();
    expect(await ban(second.banId)).toMatchObject({
      steamid: player,
      length: 3600,
      adminName: 'InGameAdmin',
      scope: { kind: 'server', serverId: 's1' },
      scopeName: 'Versus #1',
      reason: 'Warning ladder: 2 active warnings on Versus #1 (latest: Mic spam)',
    });
    expect((await (plugins.s1 as FakePlugin).check({ steamid: player })).body).toMatchObject({ status: 'banned' });
    expect((await (plugins.s2 as FakePlugin).check({ steamid: player })).body.status).not.toBe('banned');
    expect((await (plugins.s3 as FakePlugin).check({ steamid: player })).body.status).not.toBe('banned');
    const log = (await t.database.db.selectFrom('log_entries').select('message').execute()).map((r) => r.message);
    expect(
      log.some((m) => m.startsWith('warning ladder: 2 active warnings on Versus #1 banned') && m.includes('only')),
    ).toBe(true);
  });

  it('a group step counts the warnings given on the servers of the group and bans in the group', async () => {
    const player = PLAYERS[1] as string;
    expect((await gameWarn('s1', player)).banId).toBeNull();
    expect((await gameWarn('s3', player)).banId).toBeNull();
    // The third warning in all, the second in the group and on neither server twice.
    expect((await gameWarn('s2', player)).banId).toBeNull();
    const third = await gameWarn('s2', player, 'Griefing');
    // s2 now has 2 (server step: 1 h on s2) and the group 3 (group step: 1 d on Versus); the
    // community has 4 (community step: 7 d everywhere): all three, the widest first.
    const bans = await ladderBans(player);
    expect(bans).toHaveLength(3);
    expect(await ban(third.banId)).toMatchObject({ scope: { kind: 'community' }, length: 7 * 86400 });
    const byScope = Object.fromEntries(
      bans.map((b: { scope: { kind: string }; length: number; scopeName: string }) => [
        b.scope.kind,
        [b.length, b.scopeName],
      ]),
    );
    expect(byScope).toEqual({
      community: [7 * 86400, 'All servers'],
      group: [86400, 'Versus'],
      server: [3600, 'Versus #2'],
    });
    const warnings = json(
      await t.app.inject({ method: 'GET', url: `/api/warnings?steamid=${player}`, headers: staff.headers }),
    );
    expect(warnings.warnings[0].escalatedBanId).toBe(third.banId);
  });

  it('the group step alone: three warnings on three servers… of one group', async () => {
    const player = PLAYERS[2] as string;
    await t.app.inject({
      method: 'PUT',
      url: '/api/panel/settings',
      headers: (await signInAs(t, { codes: ['panel.settings'] })).headers,
      payload: { warnings: { ladder: [{ warnings: 3, banLength: 86400, scope: 'group' }] } },
    });
    expect((await gameWarn('s1', player)).banId).toBeNull();
    expect((await gameWarn('s2', player)).banId).toBeNull();
    expect((await gameWarn('s3', player)).banId).toBeNull();
    // Web warnings have no server: they count for community steps only.
    expect(json(await webWarn(player)).banId).toBeNull();
    expect(json(await webWarn(player)).banId).toBeNull();
    const third = await gameWarn('s1', player);
    expect(await ban(third.banId)).toMatchObject({
      scope: { kind: 'group', groupId: 'g-s1' },
      scopeName: 'Versus',
      length: 86400,
      reason: 'Warning ladder: 3 active warnings on Versus (latest: In game on s1)',
    });
    expect((await (plugins.s2 as FakePlugin).check({ steamid: player })).body).toMatchObject({ status: 'banned' });
    expect((await (plugins.s3 as FakePlugin).check({ steamid: player })).body.status).not.toBe('banned');
  });

  it('lifted warnings do not count within a scope either', async () => {
    const player = PLAYERS[3] as string;
    await metaService.writeSiteSettings(t.database.db, {
      warnings: { ladder: [{ warnings: 2, banLength: 3600, scope: 'server' }] },
    });
    const first = await gameWarn('s3', player);
    const lift = await t.app.inject({
      method: 'POST',
      url: `/api/warnings/${first.warning.id}/lift`,
      headers: staff.headers,
      payload: {},
    });
    expect(lift.statusCode).toBe(200);
    expect((await gameWarn('s3', player)).banId).toBeNull();
    const next = await gameWarn('s3', player);
    expect(await ban(next.banId)).toMatchObject({ scope: { kind: 'server', serverId: 's3' }, scopeName: 'Other #1' });
  });

  it('a ladder stored before scopes reads as community steps; the settings refuse bad scopes', async () => {
    // As a ladder was stored before scopes: steps without one.
    await metaService.writeSiteSettings(t.database.db, {
      warnings: { ladder: [{ warnings: 3, banLength: 86400 }] as never },
    });
    const admin = await signInAs(t, { codes: ['panel.settings'] });
    const settings = json(await t.app.inject({ method: 'GET', url: '/api/panel/settings', headers: admin.headers }));
    expect(settings.warnings.ladder).toEqual([{ warnings: 3, banLength: 86400, scope: 'community' }]);
    // The same count in two scopes is fine.
    const fine = await t.app.inject({
      method: 'PUT',
      url: '/api/panel/settings',
      headers: admin.headers,
      payload: {
        warnings: {
          ladder: [
            { warnings: 3, banLength: 86400, scope: 'server' },
            { warnings: 3, banLength: 86400, scope: 'group' },
            { warnings: 3, banLength: 86400 },
          ],
        },
      },
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(
      json(fine)
        .warnings.ladder.map((s: { scope: string }) => s.scope)
        .sort(),
    ).toEqual(['community', 'group', 'server']);
    for (const ladder of [
      [{ warnings: 3, banLength: 86400, scope: 'planet' }],
      [{ warnings: 3, banLength: 86400, scope: { kind: 'server', serverId: 's1' } }],
      [{ warnings: 3, banLength: 86400, scope: null }],
      [{ warnings: 3, banLength: 86400, scope: 'SERVER' }],
      [
        { warnings: 2, banLength: 60, scope: 'server' },
        { warnings: 2, banLength: 120, scope: 'server' },
      ],
      [
        { warnings: 2, banLength: 60 },
        { warnings: 2, banLength: 120, scope: 'community' },
      ],
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/panel/settings',
        headers: admin.headers,
        payload: { warnings: { ladder } },
      });
      expect({ ladder, status: response.statusCode }).toEqual({ ladder, status: 400 });
    }
    const after = json(await t.app.inject({ method: 'GET', url: '/api/panel/settings', headers: admin.headers }));
    expect(after.warnings.ladder).toHaveLength(3);
  });

  it('a web warning about a server counts there like one given in game; an unknown server is refused', async () => {
    const player = PLAYERS[4] as string;
    await metaService.writeSiteSettings(t.database.db, {
      warnings: { ladder: [{ warnings: 2, banLength: 3600, scope: 'server' }] },
    });
    const onWeb = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/warnings', headers: staff.headers, payload });
    const first = await onWeb({ steamid: player, reason: 'Mic spam', serverId: 's2' });
    expect(first.statusCode, first.body).toBe(201);
    expect(json(first)).toMatchObject({ warning: { serverId: 's2' }, banId: null });
    const second = await gameWarn('s2', player);
    expect(await ban(second.banId)).toMatchObject({ scope: { kind: 'server', serverId: 's2' } });
    const before = await t.database.db.selectFrom('warnings').select('id').execute();
    for (const [serverId, error] of [
      ['nope', 'UNKNOWN_SERVER'],
      ['', ''],
      ['   ', ''],
      ['x'.repeat(65), ''],
      [7, ''],
      [null, ''],
    ] as const) {
      const response = await onWeb({ steamid: player, reason: 'x', serverId });
      expect({ serverId, status: response.statusCode }).toEqual({ serverId, status: 400 });
      if (error) expect(json(response).error).toBe(error);
    }
    expect(await t.database.db.selectFrom('warnings').select('id').execute()).toHaveLength(before.length);
  });
});
