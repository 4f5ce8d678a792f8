import { steamIdForms } from '@outpost/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditMessages } from '../../test-support/app-queries';
import { FakePlugin } from '../../test-support/fakes/fake-plugin';
import { banStatus, liftAllBans, serveTwoServers, spellings } from '../../test-support/game-fixtures';
import { json } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { CONNECTED_TRUST_SECONDS } from './game-authority';

// Issue 31 item 8's parenthesis: the site setting trustInGameUnbans (off by default) lets a
// game server's token lift a ban issued on the web or by another server, but only for an admin
// who holds bans.unban, is an in-game admin, and is connected to THAT server by its own events.
// Every case runs over real HTTP, with connects and disconnects sent as plugin events.

const PLAYER = '76561197962734863';
const HEAD = '76561197960287930'; // in-game admin (flags) holding bans.unban
const MOD = '76561197960300001'; // in-game admin without bans.unban
const WEB = '76561197960300002'; // bans.unban on the web, not an in-game admin
const IDENTITY_ONLY = '76561197960300004'; // a bare Steam admin identity, no account
const IMPOSTOR = '76561197960300009'; // a player who calls himself "Head"

describe.each(testDatabases())('trusting in-game unbans from connected admins on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let s1: FakePlugin;
  let s2: FakePlugin;
  let headId: string;

  /** PUT /api/panel/settings { trustInGameUnbans } with these headers. */
  const putTrust = (headers: Record<string, string>, on: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/panel/settings', headers, payload: { trustInGameUnbans: on } });

  async function setTrust(on: boolean): Promise<void> {
    const response = await putTrust(owner.headers, on);
    expect(response.statusCode).toBe(200);
    expect(json(response).trustInGameUnbans).toBe(on);
  }

  async function webBan(): Promise<number> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bans',
      headers: owner.headers,
      payload: { steamid: PLAYER, reason: 'web', length: null },
    });
    expect(response.statusCode).toBe(201);
    return json(response).id;
  }

  async function gameBan(plugin: FakePlugin): Promise<number> {
    const response = await plugin.call('POST', '/bans', {
      steamid: PLAYER,
      reason: 'in game',
      length: 3600,
      admin: {},
    });
    expect(response.status).toBe(201);
    return response.body.id;
  }

  /** A web ban, a ban from s2 and one from s1, all on PLAYER. */
  async function threeBans() {
    return { web: await webBan(), fromS2: await gameBan(s2), fromS1: await gameBan(s1) };
  }

  const status = (id: number) => banStatus(t, id);

  async function connect(plugin: FakePlugin, steamid: string, name: string, timestamp?: number) {
    const sent = await plugin.postEvents([
      FakePlugin.event('connect', { steamid, name, ...(timestamp === undefined ? {} : { timestamp }) }),
    ]);
    expect(sent.status).toBe(200);
    expect(sent.body.accepted).toBe(1);
  }

  async function disconnect(plugin: FakePlugin, steamid: string, name: string) {
    const sent = await plugin.postEvents([FakePlugin.event('disconnect', { steamid, name })]);
    expect(sent.status).toBe(200);
  }

  async function unbanOn(plugin: FakePlugin, admin: Record<string, unknown>) {
    const response = await plugin.call('POST', '/unban', { steamid: PLAYER, reason: 'appeal in game', admin });
    expect(response.status).toBe(200);
    return response.body as { unbanned: number[]; refused: number[] };
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signInAs(t, {
      name: 'Owner',
      codes: ['servers.tokens', 'bans.*', 'users.*', 'panel.settings'],
      flags: 'z',
      immunity: 99,
    });
    headId = (await signInAs(t, { name: 'Head', steamid: HEAD, flags: 'bcde', codes: ['bans.unban'] })).userId;
    await signInAs(t, { name: 'Mod', steamid: MOD, flags: 'bcd', codes: ['bans.create'] });
    await signInAs(t, { name: 'Web', steamid: WEB, codes: ['bans.unban'], immunity: 20 });
    [s1, s2] = await serveTwoServers(t, owner, IDENTITY_ONLY);
  });
  afterAll(async () => t?.close());

  beforeEach(async () => {
    // Each case starts with no active restriction and nobody connected anywhere.
    await liftAllBans(t);
    await t.database.db.deleteFrom('player_servers').execute();
    await setTrust(false);
  });

  it('is off by default, and off refuses even an unbanner connected to the server', async () => {
    const fresh = await startTestApp(kind);
    try {
      const admin = await signInAs(fresh, { name: 'Admin', codes: ['panel.settings'] });
      const settings = await fresh.app.inject({ method: 'GET', url: '/api/panel/settings', headers: admin.headers });
      expect(json(settings).trustInGameUnbans).toBe(false);
    } finally {
      await fresh.close();
    }
    const bans = await threeBans();
    await connect(s1, HEAD, 'Head');
    const result = await unbanOn(s1, { steamid: HEAD });
    expect(result.unbanned).toEqual([bans.fromS1]);
    expect([...result.refused].sort()).toEqual([bans.web, bans.fromS2].sort());
    expect(await status(bans.web)).toBe('active');
  });

  it('is changed only with panel.settings, and each change is audited before and after', async () => {
    const stranger = await signInAs(t, { name: 'Stranger', codes: ['bans.*'] });
    const refused = await putTrust(stranger.headers, true);
    expect(refused.statusCode).toBe(403);
    const anonymous = await putTrust({ origin: owner.headers.origin as string }, true);
    expect(anonymous.statusCode).toBe(401);
    for (const bad of ['yes', 1, null]) {
      const invalid = await putTrust(owner.headers, bad);
      expect(invalid.statusCode, String(bad)).toBe(400);
      expect(json(invalid)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    await setTrust(true);
    expect((await auditMessages(t)).at(-1)).toBe(
      'changed site settings: before {"trustInGameUnbans":false} after {"trustInGameUnbans":true}',
    );
    await setTrust(false);
    expect((await auditMessages(t)).at(-1)).toBe(
      'changed site settings: before {"trustInGameUnbans":true} after {"trustInGameUnbans":false}',
    );
  });

  it.each(Object.entries(spellings(HEAD)))(
    'on: lifts the web’s and another server’s bans for an unbanner connected here, named as %s',
    async (_, spelled) => {
      await setTrust(true);
      const bans = await threeBans();
      await connect(s1, HEAD, 'Head');
      const result = await unbanOn(s1, { steamid: spelled, name: 'Whatever the plugin says' });
      expect([...result.unbanned].sort()).toEqual([bans.web, bans.fromS2, bans.fromS1].sort());
      expect(result.refused).toEqual([]);
      const lifted = json(await t.app.inject({ method: 'GET', url: `/api/bans/${bans.web}` }));
      // Attributed to the account, under its own name.
      expect(lifted).toMatchObject({ status: 'unbanned', unbannedById: headId });
    },
  );

  it('on: the admin connected under any SteamID form the plugin sent still counts', async () => {
    await setTrust(true);
    for (const spelled of Object.values(spellings(HEAD))) {
      await t.database.db.deleteFrom('player_servers').execute();
      const web = await webBan();
      await connect(s1, spelled.trim(), 'Head');
      expect((await unbanOn(s1, { steamid: steamIdForms(HEAD).steam3 })).unbanned).toEqual([web]);
    }
  });

  it('on: refuses for an unbanner never seen connected', async () => {
    await setTrust(true);
    const bans = await threeBans();
    const result = await unbanOn(s1, { steamid: HEAD });
    expect(result.unbanned).toEqual([bans.fromS1]);
    expect([...result.refused].sort()).toEqual([bans.web, bans.fromS2].sort());
  });

  it('on: refuses when the unbanner is connected to another server only; that server may lift', async () => {
    await setTrust(true);
    const bans = await threeBans();
    await connect(s2, HEAD, 'Head');
    const here = await unbanOn(s1, { steamid: HEAD });
    expect(here.unbanned).toEqual([bans.fromS1]);
    expect([...here.refused].sort()).toEqual([bans.web, bans.fromS2].sort());
    const there = await unbanOn(s2, { steamid: HEAD });
    expect([...there.unbanned].sort()).toEqual([bans.web, bans.fromS2].sort());
  });

  it('on: refuses once the unbanner disconnected (seen earlier is not connected now)', async () => {
    await setTrust(true);
    const bans = await threeBans();
    await connect(s1, HEAD, 'Head');
    await disconnect(s1, HEAD, 'Head');
    const result = await unbanOn(s1, { steamid: HEAD });
    expect(result.unbanned).toEqual([bans.fromS1]);
    expect([...result.refused].sort()).toEqual([bans.web, bans.fromS2].sort());
    // Connected again: trusted again.
    await connect(s1, HEAD, 'Head');
    expect([...(await unbanOn(s1, { steamid: HEAD })).unbanned].sort()).toEqual([bans.web, bans.fromS2].sort());
  });

  it('on: a connect older than the trust window with no disconnect (a crashed server) no longer counts', async () => {
    await setTrust(true);
    const web = await webBan();
    const now = Math.floor(Date.now() / 1000);
    await connect(s1, HEAD, 'Head', now - CONNECTED_TRUST_SECONDS - 60);
    expect(await unbanOn(s1, { steamid: HEAD })).toEqual({ unbanned: [], refused: [web] });
    await connect(s1, HEAD, 'Head', now - CONNECTED_TRUST_SECONDS + 600);
    expect(await unbanOn(s1, { steamid: HEAD })).toEqual({ unbanned: [web], refused: [] });
  });

  it('on: spoofed names never count: only the SteamID seen connected does', async () => {
    await setTrust(true);
    const web = await webBan();
    // Someone calling himself "Head" is connected; the real Head is not.
    await connect(s1, IMPOSTOR, 'Head');
    for (const admin of [
      { name: 'Head' },
      { steamid: IMPOSTOR, name: 'Head' },
      { steamid: HEAD, name: 'Head' },
      { name: steamIdForms(HEAD).steam2 },
      {},
    ]) {
      expect(await unbanOn(s1, admin), JSON.stringify(admin)).toEqual({ unbanned: [], refused: [web] });
    }
    expect(await status(web)).toBe('active');
  });

  it.each([
    ['an in-game admin without bans.unban', MOD],
    ['a web unbanner who is no in-game admin', WEB],
    ['a bare admin identity without an account', IDENTITY_ONLY],
    ['a player with no account', IMPOSTOR],
  ])('on: refuses for %s, even connected here', async (_, steamid) => {
    await setTrust(true);
    const web = await webBan();
    await connect(s1, steamid, 'Someone');
    for (const spelled of Object.values(spellings(steamid))) {
      expect(await unbanOn(s1, { steamid: spelled })).toEqual({ unbanned: [], refused: [web] });
    }
  });

  // Fuzz: with the setting on and only an impostor named "Head" connected, no admin claim at
  // all (any text, any SteamID form of anyone, the real head's included) lifts the web's ban,
  // and every answer is a 200 or a 400 {error, message}, never a 500.
  it('on: no admin claim lifts the web’s ban while the named unbanner is not connected here', async () => {
    await setTrust(true);
    const web = await webBan();
    await connect(s1, IMPOSTOR, 'Head');
    await connect(s2, HEAD, 'Head');
    const someone = fc.constantFrom(HEAD, MOD, WEB, IDENTITY_ONLY, IMPOSTOR);
    const steamid = fc.oneof(
      fc.string(),
      fc
        .tuple(someone, fc.constantFrom(...Object.keys(spellings(HEAD))))
        .map(([id, form]) => spellings(id)[form] as string),
      someone.map((id) => `${steamIdForms(id).steam3}x`),
      fc.stringMatching(/^STEAM_[0-5]:[0-9]:[0-9]{1,12}$/),
      fc.stringMatching(/^\[U:1:[0-9]{1,12}\]$/),
    );
    const admin = fc.record(
      { steamid, name: fc.oneof(fc.string(), fc.constant('Head'), fc.constant(steamIdForms(HEAD).steam2)) },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(admin, async (claim) => {
        const response = await s1.call('POST', '/unban', { steamid: PLAYER, reason: 'fuzz', admin: claim });
        if (response.status === 400) {
          expect(response.body).toEqual({ error: expect.any(String), message: expect.any(String) });
          return;
        }
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ unbanned: [], refused: [web] });
      }),
      { numRuns: 120 },
    );
    expect(await status(web)).toBe('active');
  });

  it('switched off again: the connected unbanner is refused at once', async () => {
    await setTrust(true);
    const web = await webBan();
    await connect(s1, HEAD, 'Head');
    await setTrust(false);
    expect(await unbanOn(s1, { steamid: HEAD })).toEqual({ unbanned: [], refused: [web] });
  });
});
