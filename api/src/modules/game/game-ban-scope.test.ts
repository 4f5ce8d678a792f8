import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toJsonColumn } from '../../db/json-column';
import { FakePlugin } from '../../test-support/fakes/fake-plugin';
import { liftAllBans, serveTwoServers } from '../../test-support/game-fixtures';
import { json } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// Ban scope on the game side (issue 25 item 3): the connect check counts a ban or comm block
// only where its scope covers the checking server (community; the server's group; that
// server); an in-game ban asks for its scope relative to its server; an in-game /unban lifts
// only a ban whose scope covers the server it comes from. Over real HTTP with fake plugins.

const PLAYER = '76561197962734863';
const HEAD = '76561197960287930'; // in-game admin holding bans.unban
const GUEST = '76561197960300004';
const BRAVO_ADMIN = '76561197960300006'; // in-game admin whose role holds bans to group g-s2

describe.each(testDatabases())('ban scope in game on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let s1: FakePlugin; // group g-s1
  let s1b: FakePlugin; // group g-s1 too
  let s2: FakePlugin; // group g-s2

  const webBan = async (payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bans',
      headers: owner.headers,
      payload: { steamid: PLAYER, reason: 'web', length: 3600, ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    return json(response).id as number;
  };
  const check = async (plugin: FakePlugin) => {
    const response = await plugin.call('POST', '/check', { steamid: PLAYER });
    expect(response.status).toBe(200);
    return response.body as { status: string; banId: number | null; comms: { banId: number }[] };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signInAs(t, { name: 'Owner', codes: ['*'], flags: 'z', immunity: 99 });
    await signInAs(t, { name: 'Head', steamid: HEAD, flags: 'bcde', codes: ['bans.unban'] });
    [s1, s2] = await serveTwoServers(t, owner, GUEST);
    const db = t.database.db;
    const base = await db.selectFrom('servers').selectAll().where('id', '=', 's1').executeTakeFirstOrThrow();
    await db
      .insertInto('servers')
      .values({ ...base, id: 's1b', name: 'Versus #1b', host: 's1b.example.org', tags: toJsonColumn([]) })
      .execute();
    const made = await t.app.inject({ method: 'POST', url: '/api/game-tokens/s1b', headers: owner.headers });
    s1b = new FakePlugin(s1.baseUrl, json(made).token);
    const bravo = await signInAs(t, { name: 'Bravo Admin', steamid: BRAVO_ADMIN });
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/panel/roles',
      headers: owner.headers,
      payload: {
        name: 'Versus #2 admins',
        codes: ['bans.create', 'bans.unban'],
        flags: 'bcde',
        immunityLevel: 5,
        limits: {
          banMaxSeconds: null,
          commMaxSeconds: null,
          mayGivePermanent: false,
          mayLiftOthers: true,
          banGroupIds: ['g-s2'],
        },
      },
    });
    expect(role.statusCode, role.body).toBe(201);
    const given = await t.app.inject({
      method: 'POST',
      url: `/api/panel/roles/${json(role).id}/holders`,
      headers: owner.headers,
      payload: { userId: bravo.userId },
    });
    expect(given.statusCode).toBe(200);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await liftAllBans(t);
    await t.database.db.deleteFrom('player_servers').execute();
  });

  it('the connect check counts a server-scoped ban on that server only', async () => {
    const id = await webBan({ scope: { kind: 'server', serverId: 's1' } });
    expect(await check(s1)).toMatchObject({ status: 'banned', banId: id });
    expect(await check(s1b)).toMatchObject({ status: 'none', banId: null });
    expect(await check(s2)).toMatchObject({ status: 'none', banId: null });
  });

  it('the connect check counts a group-scoped ban on every server of the group, no other', async () => {
    const id = await webBan({ scope: { kind: 'group', groupId: 'g-s1' } });
    expect(await check(s1)).toMatchObject({ status: 'banned', banId: id });
    expect(await check(s1b)).toMatchObject({ status: 'banned', banId: id });
    expect(await check(s2)).toMatchObject({ status: 'none' });
  });

  it('the connect check counts a community ban everywhere, and comm blocks by their own scope', async () => {
    const ban = await webBan({});
    const gag = await webBan({ type: 'gag', scope: { kind: 'server', serverId: 's2' } });
    const mute = await webBan({ type: 'mute', scope: { kind: 'group', groupId: 'g-s1' } });
    for (const plugin of [s1, s1b, s2]) expect(await check(plugin)).toMatchObject({ status: 'banned', banId: ban });
    expect((await check(s1)).comms.map((c) => c.banId)).toEqual([mute]);
    expect((await check(s1b)).comms.map((c) => c.banId)).toEqual([mute]);
    expect((await check(s2)).comms.map((c) => c.banId)).toEqual([gag]);
  });

  it('an IP ban is scoped the same way', async () => {
    await webBan({ steamid: undefined, ip: '198.51.100.9', scope: { kind: 'server', serverId: 's2' } });
    const on = async (plugin: FakePlugin) => (await plugin.call('POST', '/check', { ip: '198.51.100.9' })).body.status;
    expect(await on(s2)).toBe('banned');
    expect(await on(s1)).toBe('none');
  });

  it('an in-game ban takes its scope relative to its server: every server, its group, itself', async () => {
    const make = async (scope?: string) => {
      const response = await s1.call('POST', '/bans', {
        steamid: PLAYER,
        reason: 'in game',
        length: 600,
        ...(scope ? { scope } : {}),
      });
      expect(response.status, response.text).toBe(201);
      return response.body;
    };
    expect(await make()).toMatchObject({ scope: { kind: 'community' }, scopeName: 'All servers' });
    expect(await make('group')).toMatchObject({ scope: { kind: 'group', groupId: 'g-s1' }, scopeName: 'Versus' });
    expect(await make('server')).toMatchObject({ scope: { kind: 'server', serverId: 's1' }, scopeName: 'Versus #1' });
    for (const bad of ['planet', 1, { kind: 'server' }]) {
      const refused = await s1.call('POST', '/bans', { steamid: PLAYER, reason: 'x', length: 60, scope: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });

  it('an in-game /unban lifts only bans whose scope covers its server, trusted or not', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/panel/settings',
      headers: owner.headers,
      payload: { trustInGameUnbans: true },
    });
    expect(put.statusCode).toBe(200);
    const onS2 = await webBan({ scope: { kind: 'server', serverId: 's2' } });
    const onGroup2 = await webBan({ scope: { kind: 'group', groupId: 'g-s2' } });
    const onS1 = await webBan({ scope: { kind: 'server', serverId: 's1' } });
    const community = await webBan({});
    const fromS2 = (await s2.call('POST', '/bans', { steamid: PLAYER, reason: 'x', length: 60, scope: 'server' })).body
      .id as number;
    const sent = await s1.postEvents([FakePlugin.event('connect', { steamid: HEAD, name: 'Head' })]);
    expect(sent.status).toBe(200);
    const result = await s1.call('POST', '/unban', { steamid: PLAYER, reason: 'appeal', admin: { steamid: HEAD } });
    expect(result.status).toBe(200);
    expect([...result.body.unbanned].sort()).toEqual([onS1, community].sort());
    expect([...result.body.refused].sort()).toEqual([onS2, onGroup2, fromS2].sort());
    // s2's own server-scoped ban is s2's to lift (issued there, covering it).
    const there = await s2.call('POST', '/unban', { steamid: PLAYER, reason: 'mistake', admin: {} });
    expect(there.body.unbanned).toEqual([fromS2]);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/panel/settings',
      headers: owner.headers,
      payload: { trustInGameUnbans: false },
    });
    expect(off.statusCode).toBe(200);
  });

  it('an in-game admin held to a server group bans and lifts only there: every refusal shape', async () => {
    const inGame = (plugin: FakePlugin, scope?: string, type = 'ban') =>
      plugin.call('POST', '/bans', {
        type,
        steamid: PLAYER,
        reason: 'in game',
        length: 600,
        admin: { steamid: BRAVO_ADMIN },
        ...(scope ? { scope } : {}),
      });
    const before = await t.database.db.selectFrom('bans').select('id').execute();
    for (const [plugin, scope, type] of [
      [s2, undefined, 'ban'],
      [s2, 'community', 'ban'],
      [s1, 'group', 'ban'],
      [s1, 'server', 'ban'],
      [s1b, 'server', 'mute'],
    ] as const) {
      const refused = await inGame(plugin, scope, type);
      expect(refused.status, `${scope} ${type}`).toBe(403);
      expect(refused.body).toMatchObject({ error: 'SCOPE_NOT_ALLOWED', message: expect.any(String) });
    }
    expect(await t.database.db.selectFrom('bans').select('id').execute()).toHaveLength(before.length);
    const own = await inGame(s2, 'server');
    expect(own.status, own.text).toBe(201);
    expect((await inGame(s2, 'group', 'gag')).status).toBe(201);
    // /unban on s2, trusted and connected there: a community web ban is beyond their groups
    // (refused, not an error), a web ban on their group is lifted, and so is their own.
    const trust = (on: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/panel/settings',
        headers: owner.headers,
        payload: { trustInGameUnbans: on },
      });
    expect((await trust(true)).statusCode).toBe(200);
    expect((await s2.postEvents([FakePlugin.event('connect', { steamid: BRAVO_ADMIN, name: 'Bravo' })])).status).toBe(
      200,
    );
    const community = await webBan({});
    const onGroup = await webBan({ scope: { kind: 'group', groupId: 'g-s2' } });
    const result = await s2.call('POST', '/unban', { steamid: PLAYER, reason: 'ok', admin: { steamid: BRAVO_ADMIN } });
    expect(result.status, result.text).toBe(200);
    expect([...result.body.unbanned].sort()).toEqual([own.body.id, onGroup].sort());
    expect(result.body.refused).toEqual([community]);
    expect((await trust(false)).statusCode).toBe(200);
  });
});
