import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../cli/outpost-cli';
import { toJsonColumn } from '../../../db/json-column';
import { nowSeconds } from '../../../lib/clock';
import { ageProof, appCode, enrolTotp } from '../../../test-support/second-factor';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

// Issue 31 item 3: a role can require a second factor; its holders without one keep their
// session but none of the role's permissions. Nobody locks themselves out; the command line
// resets a lost factor.

describe.each(testDatabases())('second-factor policy on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signInAs(t, { name: 'Owner', flags: 'z', immunity: 100 });
    for (const [id, codes] of [
      ['moderators', ['logs.view', 'players.ban']],
      ['helpers', ['logs.view']],
    ] as const) {
      await t.database.db
        .insertInto('roles')
        .values({
          id,
          name: id,
          flags: 'b',
          immunity: 10,
          permission_codes: toJsonColumn(codes),
          created_at: nowSeconds(),
        })
        .execute();
    }
  });
  afterAll(async () => t?.close());

  const holder = async (roleId: string, own: string[] = []) => {
    const who = await signInAs(t, { codes: own });
    await t.database.db.insertInto('user_roles').values({ user_id: who.userId, role_id: roleId }).execute();
    return who;
  };
  const permissionsOf = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers })).json().permissions;
  const setPolicy = (who: SignedIn, requiredRoleIds: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/second-factor/policy',
      headers: who.headers,
      payload: { requiredRoleIds },
    });

  it('withholds a requiring role’s permissions (session and API key) until its holder enrols', async () => {
    const mod = await holder('moderators', ['search.use']);
    const helper = await holder('helpers');
    const key = (await t.app.inject({ method: 'POST', url: '/api/auth/developer/apikey', headers: mod.headers })).json()
      .apikey.key;
    expect((await permissionsOf(mod.headers)).codes).toEqual(expect.arrayContaining(['players.ban', 'search.use']));

    await enrolTotp(t, owner);
    expect((await setPolicy(owner, ['moderators'])).statusCode).toBe(200);

    const withheld = await permissionsOf(mod.headers);
    expect(withheld.codes).toEqual(['search.use']);
    expect(withheld.flags).toBe('');
    expect((await permissionsOf({ authorization: `Bearer ${key}` })).codes).toEqual(['search.use']);
    // A role not required is untouched.
    expect((await permissionsOf(helper.headers)).codes).toEqual(['logs.view']);
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/second-factor', headers: mod.headers });
    expect(status.json()).toMatchObject({ withheld: true, requiredBy: [{ id: 'moderators', name: 'moderators' }] });
    // The guarded routes say 403, not 500 or a silent pass.
    const logs = () => t.app.inject({ method: 'GET', url: '/api/logs', headers: mod.headers });
    expect((await logs()).statusCode).toBe(403);

    await enrolTotp(t, mod);
    expect((await permissionsOf(mod.headers)).codes).toEqual(expect.arrayContaining(['players.ban', 'logs.view']));
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/second-factor', headers: mod.headers });
    expect(after.json()).toMatchObject({ withheld: false, enrolled: true });
    expect((await logs()).statusCode).toBe(200);
  });

  it('the policy is a site setting: panel.settings, a step-up, known roles, and never one’s own lock-out', async () => {
    const plain = await signInAs(t, { codes: ['logs.view'] });
    expect((await setPolicy(plain, [])).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/second-factor/policy', headers: plain.headers })).statusCode,
    ).toBe(403);
    for (const bad of [['no-such-role'], 'moderators', [42], Array(201).fill('x'), null]) {
      expect((await setPolicy(owner, bad)).statusCode).toBe(400);
    }
    // An admin holding the role without a factor would withhold their own permissions.
    const admin = await holder('helpers', ['panel.settings']);
    const refused = await setPolicy(admin, ['helpers']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('ENROL_FIRST');
    // With a factor enrolled, a stale proof must be renewed first (audited).
    await ageProof(t, owner.userId, 11);
    const stale = await setPolicy(owner, ['moderators', 'helpers']);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error).toBe('STEP_UP_REQUIRED');
    const lines = await t.database.db
      .selectFrom('log_entries')
      .select('message')
      .where('client', '=', owner.userId)
      .execute();
    expect(lines.map((line) => line.message)).toContain(
      'second factor: step-up refused for PUT /api/auth/second-factor/policy',
    );
    const read = await t.app.inject({ method: 'GET', url: '/api/auth/second-factor/policy', headers: owner.headers });
    expect(read.json()).toEqual({ requiredRoleIds: ['moderators'] });
  });

  it('`pnpm outpost 2fa-reset <steamid>` removes a lost factor and says so in the audit log', async () => {
    const lost = await signInAs(t, { name: 'Forgetful', steamid: '76561198000000042' });
    const { secret } = await enrolTotp(t, lost);
    const out = new PassThrough();
    const err = new PassThrough();
    let text = '';
    out.on('data', (chunk) => (text += chunk));
    const env = { DATABASE_URL: t.config.DATABASE_URL, LOG_LEVEL: 'silent' };
    expect(await runCli(['2fa-reset'], { env, out, err })).toBe(2);
    expect(await runCli(['2fa-reset', 'a', 'b'], { env, out, err })).toBe(2);
    expect(await runCli(['2fa-reset', '76561198999999999'], { env, out, err })).toBe(1);
    expect(await runCli(['2fa-reset', '76561198000000042'], { env, out, err })).toBe(0);
    expect(text).toContain('Removed the authenticator app, passkeys and recovery codes of Forgetful');
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/second-factor', headers: lost.headers });
    expect(status.json()).toMatchObject({ enrolled: false, totp: false, recoveryCodesLeft: 0 });
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/auth/step-up',
      headers: lost.headers,
      payload: { method: 'totp', code: appCode(secret, 1) },
    });
    expect(step.statusCode).toBe(409);
    const audit = await t.database.db
      .selectFrom('log_entries')
      .select(['client_name', 'message'])
      .where('target', '=', lost.userId)
      .execute();
    expect(audit).toContainEqual({
      client_name: 'console',
      message: 'second factor: every factor removed from the command line (pnpm outpost 2fa-reset)',
    });
  });
});
