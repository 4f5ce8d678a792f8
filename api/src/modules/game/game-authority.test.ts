import { steamIdForms } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePlugin } from '../../test-support/fakes/fake-plugin';
import { banStatus, liftAllBans, serveTwoServers, spellings } from '../../test-support/game-fixtures';
import { json } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// Issue 9 item 8: a game-server token acts for its own server only. Every shape of "lift a
// ban that is not ours" and "put a ban in someone else's name" is tried here over real HTTP.

const PLAYER = '76561197962734863';
const HEAD = '76561197960287930'; // in-game admin (flags), holds bans.unban
const MOD = '76561197960300001'; // in-game admin (flags), no bans.unban
const WEB = '76561197960300002'; // staff account holding bans.unban, no in-game admin rights
const ROLE_ADMIN = '76561197960300003'; // in-game admin and bans.unban through a role only
const IDENTITY_ONLY = '76561197960300004'; // a bare Steam admin identity, no account
const UNKNOWN = '76561197960300005'; // no account at all

describe.each(testDatabases())('game-server token scope on $name', (kind) => {
  let t: TestApp;
  let staff: SignedIn;
  let s1: FakePlugin;
  let s2: FakePlugin;
  const ids: Record<string, string> = {};

  async function webBan(length: number | null, steamid = PLAYER): Promise<number> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bans',
      headers: staff.headers,
      payload: { steamid, reason: 'web', length },
    });
    expect(response.statusCode).toBe(201);
    return json(response).id;
  }

  async function gameBan(plugin: FakePlugin, body: Record<string, unknown>): Promise<any> {
    const response = await plugin.call('POST', '/bans', { steamid: PLAYER, reason: 'in game', length: 3600, ...body });
    expect(response.status).toBe(201);
    return response.body;
  }

  const status = (id: number) => banStatus(t, id);

  /** Lifts every earlier restriction of the player, so each case starts clean. */
  const liftAll = () => liftAllBans(t);

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await signInAs(t, {
      name: 'Owner',
      codes: ['servers.tokens', 'bans.*', 'users.*'],
      flags: 'z',
      immunity: 99,
    });
    ids.head = (await signInAs(t, { name: 'Head', steamid: HEAD, flags: 'bcde', codes: ['bans.unban'] })).userId;
    ids.mod = (await signInAs(t, { name: 'Mod', steamid: MOD, flags: 'bcd', codes: ['bans.create'] })).userId;
    ids.web = (
      await signInAs(t, { name: 'Web', steamid: WEB, codes: ['bans.unban', 'bans.edit'], immunity: 20 })
    ).userId;
    ids.role = (await signInAs(t, { name: 'RoleAdmin', steamid: ROLE_ADMIN })).userId;
    const db = t.database.db;
    await db
      .insertInto('roles')
      .values({
        id: 'r-unban',
        name: 'Unbanners',
        flags: 'de',
        immunity: 5,
        permission_codes: '["bans.*"]',
        created_at: 1,
      })
      .execute();
    await db
      .insertInto('user_roles')
      .values({ user_id: ids.role as string, role_id: 'r-unban' })
      .execute();
    [s1, s2] = await serveTwoServers(t, staff, IDENTITY_ONLY);
  });
  afterAll(async () => t?.close());

  describe('attribution', () => {
    it.each(Object.entries(spellings(MOD)))(
      'an in-game admin named as %s is attributed to their account',
      async (_, spelled) => {
        const ban = await gameBan(s1, { admin: { steamid: spelled, name: 'Somebody Else' } });
        // The account's own name, not whatever name the plugin claims.
        expect(ban).toMatchObject({ adminId: ids.mod, adminName: 'Mod', serverId: 's1' });
        const audit = await t.database.db
          .selectFrom('log_entries')
          .select(['client', 'client_name'])
          .where('message', 'like', `%[ban #${ban.id}]`)
          .executeTakeFirstOrThrow();
        expect(audit).toEqual({ client: ids.mod, client_name: 'Mod' });
      },
    );

    it.each([
      ['a staff account that is not an in-game admin', WEB, 'Web Claimed'],
      ['a bare admin identity without an account', IDENTITY_ONLY, 'Guest'],
      ['a SteamID with no account', UNKNOWN, 'Nobody'],
    ])('%s is recorded as a display name only', async (_, steamid, name) => {
      for (const spelled of Object.values(spellings(steamid))) {
        const ban = await gameBan(s1, { admin: { steamid: spelled, name } });
        expect(ban).toMatchObject({ adminId: null, adminName: name });
      }
      const unnamed = await gameBan(s1, { admin: { steamid } });
      expect(unnamed).toMatchObject({ adminId: null, adminName: steamIdForms(steamid).steam2 });
    });

    it('never selects an account by its id, and refuses text that is no SteamID', async () => {
      for (const claimed of [ids.head, ids.mod, `${HEAD}x`, 'STEAM_1:0:abc', '[U:1:-5]', 'admin']) {
        const response = await s1.call('POST', '/bans', {
          steamid: PLAYER,
          reason: 'x',
          length: 60,
          admin: { steamid: claimed, name: 'Claimed' },
        });
        expect(response.status, String(claimed)).toBe(400);
      }
      const console = await gameBan(s1, { admin: {} });
      expect(console).toMatchObject({ adminId: null, adminName: 'Console' });
    });
  });

  describe('lifting', () => {
    it('lifts only what this server issued for an admin without bans.unban, whatever the form', async () => {
      for (const spelled of Object.values(spellings(MOD))) {
        await liftAll();
        const permanentWeb = await webBan(null);
        const timedWeb = await webBan(3600);
        const other = (await gameBan(s2, { admin: { steamid: MOD } })).id;
        const own = (await gameBan(s1, { admin: {} })).id;
        const lifted = await s1.call('POST', '/unban', { steamid: PLAYER, reason: 'r', admin: { steamid: spelled } });
        expect(lifted.status).toBe(200);
        expect(lifted.body.unbanned).toEqual([own]);
        expect([...lifted.body.refused].sort()).toEqual([permanentWeb, timedWeb, other].sort());
        for (const id of [permanentWeb, timedWeb, other]) expect(await status(id)).toBe('active');
        expect(await status(own)).toBe('unbanned');
      }
    });

    it.each([
      ['the console (no admin)', {}],
      ['a staff account holding bans.unban that is not an in-game admin', { steamid: WEB, name: 'Web' }],
      ['the same, named as [U:1:x]', { steamid: steamIdForms(WEB).steam3 }],
      ['a bare admin identity', { steamid: IDENTITY_ONLY }],
      ['an unknown SteamID', { steamid: UNKNOWN, name: 'Head' }],
      ['a name alone, however official it looks', { name: 'Head' }],
    ])('refuses another server’s and the web’s bans for %s', async (_, admin) => {
      await liftAll();
      const web = await webBan(null);
      const other = (await gameBan(s2, { admin: {} })).id;
      const lifted = await s1.call('POST', '/unban', { steamid: PLAYER, reason: 'r', admin });
      expect(lifted.body).toEqual({ unbanned: [], refused: expect.arrayContaining([web, other]) });
      expect((await s1.check({ steamid: PLAYER })).body).toMatchObject({ status: 'banned' });
    });

    it('refuses other servers’ comm restrictions and IP bans the same way', async () => {
      await liftAll();
      const ipBan = (await gameBan(s2, { steamid: undefined, ip: '192.0.2.77', admin: {} })).id;
      const gag = (await gameBan(s2, { type: 'gag', admin: {} })).id;
      const byIp = await s1.call('POST', '/unban', { ip: '192.0.2.77', reason: 'r', admin: { steamid: MOD } });
      expect(byIp.body).toEqual({ unbanned: [], refused: [ipBan] });
      const bySteam = await s1.call('POST', '/unban', { type: 'gag', steamid: PLAYER, reason: 'r', admin: {} });
      expect(bySteam.body).toEqual({ unbanned: [], refused: [gag] });
      // The issuing server lifts its own.
      const own = await s2.call('POST', '/unban', { ip: '192.0.2.77', reason: 'r', admin: {} });
      expect(own.body).toEqual({ unbanned: [ipBan], refused: [] });
    });

    // Issue 31 item 8: a token naming the owner (or anyone holding bans.unban, own or
    // through a role), in any SteamID form, still lifts only what its own server issued.
    it.each([
      ...Object.entries(spellings(HEAD)).map(([form, spelled]) => [`the head admin as ${form}`, spelled]),
      ...Object.entries(spellings(ROLE_ADMIN)).map(([form, spelled]) => [`a role's unbanner as ${form}`, spelled]),
    ])('refuses the web’s and other servers’ bans for %s; the server’s own are lifted', async (_, spelled) => {
      await liftAll();
      const web = await webBan(null);
      const timedWeb = await webBan(3600);
      const other = (await gameBan(s2, { admin: { steamid: HEAD } })).id;
      const own = (await gameBan(s1, { admin: {} })).id;
      const lifted = await s1.call('POST', '/unban', {
        steamid: PLAYER,
        reason: 'appeal',
        admin: { steamid: spelled },
      });
      expect(lifted.status).toBe(200);
      expect(lifted.body.unbanned).toEqual([own]);
      expect([...lifted.body.refused].sort()).toEqual([web, timedWeb, other].sort());
      for (const id of [web, timedWeb, other]) expect(await status(id)).toBe('active');
      const row = json(await t.app.inject({ method: 'GET', url: `/api/bans/${web}` }));
      expect(row).toMatchObject({ status: 'active', unbannedById: null });
    });

    it('refuses a web IP ban named by the owner’s token claim, and the web still lifts it', async () => {
      await liftAll();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/bans',
        headers: staff.headers,
        payload: { ip: '192.0.2.80', reason: 'web', length: null, type: 'ban' },
      });
      expect(response.statusCode).toBe(201);
      const ipBan = json(response).id;
      for (const spelled of Object.values(spellings(HEAD))) {
        const lifted = await s2.call('POST', '/unban', { ip: '192.0.2.80', reason: 'r', admin: { steamid: spelled } });
        expect(lifted.body).toEqual({ unbanned: [], refused: [ipBan] });
      }
      expect(await status(ipBan)).toBe('active');
    });

    it('a rotated token of the issuing server still lifts that server’s bans; a stale one lifts nothing', async () => {
      await liftAll();
      const own = (await gameBan(s1, { admin: {} })).id;
      const stale = new FakePlugin(s1.baseUrl, s1.token);
      s1.token = json(await t.app.inject({ method: 'POST', url: '/api/game-tokens/s1', headers: staff.headers })).token;
      expect((await stale.call('POST', '/unban', { steamid: PLAYER, reason: 'r', admin: {} })).status).toBe(401);
      expect((await s1.call('POST', '/unban', { steamid: PLAYER, reason: 'r', admin: {} })).body).toEqual({
        unbanned: [own],
        refused: [],
      });
    });
  });
});
