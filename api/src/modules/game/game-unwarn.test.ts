import { steamIdForms } from '@outpost/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditMessages } from '../../test-support/app-queries';
import { FakePlugin } from '../../test-support/fakes/fake-plugin';
import { serveTwoServers } from '../../test-support/game-fixtures';
import { json } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// POST /api/game/unwarn (issue 25 item 5): an in-game admin lifts a warning through the plugin
// API with the server token, under the web lift's rules: the admin named by SteamID is an in-game
// admin with an Outpost account holding warnings.lift, whose immunity outranks the player's; a
// warning from the web or another server only with trustInGameUnbans and the admin connected here.

const PLAYER = '76561197962734863';
const OTHER = '76561197962734999';
const LIFTER = '76561197960287930'; // in-game admin holding warnings.lift
const NO_LIFT = '76561197960300001'; // in-game admin without warnings.lift
const WEB_ONLY = '76561197960300002'; // warnings.lift on the web, not an in-game admin
const STAFF = '76561197960300003'; // a staff player more immune than LIFTER
const IDENTITY_ONLY = '76561197960300004'; // a bare Steam admin identity, no account
const IMPOSTOR = '76561197960300009';

describe.each(testDatabases())('lifting a warning from in game on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let s1: FakePlugin;
  let s2: FakePlugin;
  let lifterOnWeb: SignedIn;

  const lifter = { steamid: steamIdForms(LIFTER).steam2, name: 'Lifter in game' };

  async function gameWarn(plugin: FakePlugin, steamid = PLAYER, reason = 'Spawn camping'): Promise<number> {
    const response = await plugin.call('POST', '/warnings', { steamid, reason, admin: { name: 'Someone' } });
    expect(response.status, response.text).toBe(201);
    return response.body.warning.id;
  }
  async function webWarn(steamid = PLAYER): Promise<number> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/warnings',
      headers: owner.headers,
      payload: { steamid, reason: 'From the web' },
    });
    expect(response.statusCode).toBe(201);
    return json(response).warning.id;
  }
  const statusOf = async (id: number) =>
    (await t.database.db.selectFrom('warnings').select(['lifted_at']).where('id', '=', id).executeTakeFirstOrThrow())
      .lifted_at === null
      ? 'active'
      : 'lifted';
  const setTrust = async (on: boolean) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/panel/settings',
      headers: owner.headers,
      payload: { trustInGameUnbans: on },
    });
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signInAs(t, {
      name: 'Owner',
      codes: ['servers.tokens', 'warnings.*', 'bans.*', 'users.*', 'panel.settings'],
      flags: 'z',
      immunity: 99,
    });
    lifterOnWeb = await signInAs(t, {
      name: 'Lifter',
      steamid: LIFTER,
      flags: 'bcde',
      codes: ['warnings.lift'],
      immunity: 50,
    });
    await signInAs(t, { name: 'NoLift', steamid: NO_LIFT, flags: 'bcd', codes: ['warnings.create'], immunity: 60 });
    await signInAs(t, { name: 'WebOnly', steamid: WEB_ONLY, codes: ['warnings.lift'], immunity: 60 });
    await signInAs(t, { name: 'Staff', steamid: STAFF, codes: ['warnings.create'], immunity: 80 });
    [s1, s2] = await serveTwoServers(t, owner, IDENTITY_ONLY);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('player_servers').execute();
    await setTrust(false);
  });

  it('lifts a warning this server gave, by id, in the admin’s name; the connect check drops it; twice is 409', async () => {
    const id = await gameWarn(s1);
    const response = await s1.call('POST', '/unwarn', { id, reason: 'Misjudged', admin: lifter });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ id, steamid: PLAYER, status: 'lifted', liftedByName: 'Lifter' });
    expect((await s1.check({ steamid: PLAYER })).body.warnings.map((w: { id: number }) => w.id)).not.toContain(id);
    expect(
      (await auditMessages(t)).some((m) => m.startsWith(`lifted warning #${id} `) && m.includes('Misjudged')),
    ).toBe(true);
    const again = await s1.call('POST', '/unwarn', { id, admin: lifter });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ALREADY_LIFTED');
  });

  it('with steamid alone lifts the player’s newest active warning, in any SteamID form; none left: 404', async () => {
    const older = await gameWarn(s1, OTHER, 'one');
    const newer = await gameWarn(s1, OTHER, 'two');
    const first = await s1.call('POST', '/unwarn', { steamid: steamIdForms(OTHER).steam3, admin: lifter });
    expect(first.status, first.text).toBe(200);
    expect(first.body.id).toBe(newer);
    const second = await s1.call('POST', '/unwarn', { steamid: OTHER, admin: lifter });
    expect(second.body.id).toBe(older);
    const none = await s1.call('POST', '/unwarn', { steamid: OTHER, admin: lifter });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ error: 'NOT_FOUND', message: 'This player has no active warning' });
  });

  it('refuses whoever the web would refuse, and what is not this server’s; lifts nothing', async () => {
    const own = await gameWarn(s1);
    const onStaff = await gameWarn(s1, STAFF);
    const fromS2 = await gameWarn(s2);
    const fromWeb = await webWarn();
    const deleted = await gameWarn(s1);
    await t.app.inject({ method: 'DELETE', url: `/api/warnings/${deleted}`, headers: owner.headers });
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['the console', { id: own, admin: {} }, 403, 'FORBIDDEN'],
      ['no admin at all', { id: own }, 403, 'FORBIDDEN'],
      ['a name alone', { id: own, admin: { name: 'Lifter' } }, 403, 'FORBIDDEN'],
      [
        'an impostor named like the lifter',
        { id: own, admin: { steamid: IMPOSTOR, name: 'Lifter' } },
        403,
        'FORBIDDEN',
      ],
      ['an in-game admin without warnings.lift', { id: own, admin: { steamid: NO_LIFT } }, 403, 'FORBIDDEN'],
      ['warnings.lift but not an in-game admin', { id: own, admin: { steamid: WEB_ONLY } }, 403, 'FORBIDDEN'],
      ['an admin identity without an account', { id: own, admin: { steamid: IDENTITY_ONLY } }, 403, 'FORBIDDEN'],
      ['a player more immune than the admin', { id: onStaff, admin: lifter }, 403, 'TARGET_IMMUNE'],
      ['the same by steamid', { steamid: STAFF, admin: lifter }, 403, 'TARGET_IMMUNE'],
      ['another server’s warning', { id: fromS2, admin: lifter }, 403, 'NOT_THIS_SERVERS'],
      ['a web warning', { id: fromWeb, admin: lifter }, 403, 'NOT_THIS_SERVERS'],
      ['another player’s warning', { id: own, steamid: OTHER, admin: lifter }, 404, 'NOT_FOUND'],
      ['no such warning', { id: 424242, admin: lifter }, 404, 'NOT_FOUND'],
      ['a deleted warning', { id: deleted, admin: lifter }, 404, 'NOT_FOUND'],
      ['neither id nor steamid', { admin: lifter }, 400, ''],
      ['an id of 0', { id: 0, admin: lifter }, 400, ''],
      ['an id as text', { id: 'one', admin: lifter }, 400, ''],
      ['a fractional id', { id: 1.5, admin: lifter }, 400, ''],
      ['not a SteamID', { steamid: 'nope', admin: lifter }, 400, ''],
      ['an unknown field', { id: own, admin: lifter, force: true }, 400, ''],
      ['a reason too long', { id: own, reason: 'x'.repeat(501), admin: lifter }, 400, ''],
      ['an admin SteamID that is not one', { id: own, admin: { steamid: 'root' } }, 400, ''],
    ];
    for (const [what, body, status, error] of cases) {
      const response = await s1.call('POST', '/unwarn', body);
      expect({ what, status: response.status }).toEqual({ what, status });
      expect(typeof response.body.message, what).toBe('string');
      if (error) expect(response.body.error, what).toBe(error);
    }
    const stranger = await new FakePlugin(s1.baseUrl, 'not-a-token').call('POST', '/unwarn', {
      id: own,
      admin: lifter,
    });
    expect(stranger.status).toBe(401);
    for (const id of [own, onStaff, fromS2, fromWeb]) expect(await statusOf(id)).toBe('active');
    // The web refuses the same admin the same immune player.
    const onWeb = await t.app.inject({
      method: 'POST',
      url: `/api/warnings/${onStaff}/lift`,
      headers: lifterOnWeb.headers,
      payload: {},
    });
    expect(onWeb.statusCode).toBe(403);
    expect(json(onWeb).error).toBe('TARGET_IMMUNE');
  });

  it('a web or another server’s warning: only with trustInGameUnbans and the admin connected here now', async () => {
    const fromS2 = await gameWarn(s2);
    const fromWeb = await webWarn();
    await setTrust(true);
    // Trusted, but not connected to s1: refused.
    expect((await s1.call('POST', '/unwarn', { id: fromS2, admin: lifter })).body.error).toBe('NOT_THIS_SERVERS');
    // Connected to s2 does not count for s1.
    await s2.postEvents([FakePlugin.event('connect', { steamid: LIFTER, name: 'Lifter' })]);
    expect((await s1.call('POST', '/unwarn', { id: fromS2, admin: lifter })).status).toBe(403);
    await s1.postEvents([FakePlugin.event('connect', { steamid: LIFTER, name: 'Lifter' })]);
    for (const id of [fromS2, fromWeb]) {
      const response = await s1.call('POST', '/unwarn', { id, admin: lifter });
      expect(response.status, response.text).toBe(200);
      expect(response.body.status).toBe('lifted');
    }
    // Setting off again: refused though connected.
    await setTrust(false);
    const later = await gameWarn(s2);
    expect((await s1.call('POST', '/unwarn', { id: later, admin: lifter })).body.error).toBe('NOT_THIS_SERVERS');
    expect(await statusOf(later)).toBe('active');
  });
});
