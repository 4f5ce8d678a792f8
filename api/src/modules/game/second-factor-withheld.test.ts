import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJsonColumn } from '../../db/json-column';
import { nowSeconds } from '../../lib/clock';
import { seedServer } from '../../test-support/players-bans-notes-fixtures';
import { enrolTotp } from '../../test-support/second-factor';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// Issue 31: a role the second-factor policy withholds from a holder (they have no factor) grants
// nothing in game either: not its flags, not its group, not its immunity, in the plugin's admin
// list, in admins_simple.ini, and not when the plugin names that admin as the one acting.

const MOD = '76561197960287930'; // STEAM_1:0:11101
const HELPER = '76561197962734863';

describe.each(testDatabases())('in-game admin sync and the second-factor policy on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let mod: SignedIn;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedServer(t, 's1');
    owner = await signInAs(t, { name: 'Owner', flags: 'z', immunity: 100, codes: ['servers.tokens', 'users.*'] });
    for (const [id, flags, immunity] of [
      ['moderators', 'bcd', 60],
      ['helpers', 'j', 5],
    ] as const) {
      await t.database.db
        .insertInto('roles')
        .values({ id, name: id, flags, immunity, permission_codes: toJsonColumn([]), created_at: nowSeconds() })
        .execute();
    }
    // The moderator also has an own flag, which no policy touches.
    mod = await signInAs(t, { name: 'Mod', steamid: MOD, flags: 'a' });
    await t.database.db.insertInto('user_roles').values({ user_id: mod.userId, role_id: 'moderators' }).execute();
    const helper = await signInAs(t, { name: 'Helper', steamid: HELPER });
    await t.database.db.insertInto('user_roles').values({ user_id: helper.userId, role_id: 'helpers' }).execute();
    token = (await t.app.inject({ method: 'POST', url: '/api/game-tokens/s1', headers: owner.headers })).json().token;
  });
  afterAll(async () => t?.close());

  const game = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const adminOf = async (steamid: string) =>
    (await game('/api/game/admins')).json().admins.find((admin: { identity: string }) => admin.identity === steamid);
  const iniLineOf = async (steam2: string) =>
    (await game('/api/game/admins_simple.ini')).body.split('\n').find((line) => line.startsWith(`"${steam2}"`));
  const setPolicy = (requiredRoleIds: string[]) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/second-factor/policy',
      headers: owner.headers,
      payload: { requiredRoleIds },
    });
  const putIdentities = (admins: object[]) =>
    t.app.inject({ method: 'PUT', url: '/api/game-admin-identities', headers: owner.headers, payload: { admins } });

  it('grants a role in game while no policy requires a second factor', async () => {
    expect(await adminOf(MOD)).toMatchObject({ flags: 'abcd', immunity: 60, groups: ['moderators'] });
    expect(await iniLineOf('STEAM_1:0:11101')).toMatch(/"60:abcd"/);
  });

  it('withholds the role in game from a holder without a second factor, and gives it back once they enrol', async () => {
    expect((await setPolicy(['moderators'])).statusCode).toBe(200);
    // Own flag kept; the role's flags, group and immunity gone, in both lists the plugin reads.
    expect(await adminOf(MOD)).toMatchObject({ flags: 'a', immunity: 0, groups: [] });
    expect(await iniLineOf('STEAM_1:0:11101')).toMatch(/"0:a"/);
    // A role not required is untouched.
    expect(await adminOf(HELPER)).toMatchObject({ flags: 'j', groups: ['helpers'] });

    await enrolTotp(t, mod);
    expect(await adminOf(MOD)).toMatchObject({ flags: 'abcd', immunity: 60, groups: ['moderators'] });
    expect(await iniLineOf('STEAM_1:0:11101')).toMatch(/"60:abcd"/);
  });

  it('drops a holder from the lists entirely when the withheld role was all they had', async () => {
    expect((await setPolicy(['moderators', 'helpers'])).statusCode).toBe(200);
    expect(await adminOf(HELPER)).toBeUndefined();
    expect(await iniLineOf('STEAM_1:1:1223466')).toBeUndefined();
  });

  it('never grants a requiring role to an identity entry (an IP, a name or a Steam id without an account cannot enrol)', async () => {
    expect((await setPolicy(['moderators'])).statusCode).toBe(200);
    const entries = [
      { authType: 'ip', identity: '203.0.113.9', name: 'By IP', flags: 'k', immunity: 1, roleIds: ['moderators'] },
      {
        authType: 'name',
        identity: 'ByName',
        name: 'By name',
        flags: '',
        immunity: 1,
        roleIds: ['moderators', 'helpers'],
      },
      {
        authType: 'steam',
        identity: 'STEAM_1:1:4242',
        name: 'By Steam id',
        flags: 'k',
        immunity: 1,
        roleIds: ['moderators'],
      },
    ];
    expect((await putIdentities(entries)).statusCode).toBe(200);
    const admins = (await game('/api/game/admins')).json().admins as Array<{
      identity: string;
      flags: string;
      groups: string[];
      immunity: number;
    }>;
    const byIdentity = (identity: string) => admins.find((admin) => admin.identity === identity);
    expect(byIdentity('203.0.113.9')).toMatchObject({ flags: 'k', groups: [], immunity: 1 });
    expect(byIdentity('ByName')).toMatchObject({ flags: 'j', groups: ['helpers'] });
    const ini = (await game('/api/game/admins_simple.ini')).body;
    expect(ini).toContain('"!203.0.113.9" "1:k"');
    expect(ini).toContain('"STEAM_1:1:4242" "1:k"');
    expect(ini).toContain('"ByName" "5:j"');
    // Lifting the policy gives the identity entries their role again.
    expect((await setPolicy([])).statusCode).toBe(200);
    expect((await game('/api/game/admins_simple.ini')).body).toContain('"!203.0.113.9" "60:bcdk"');
  });
});
