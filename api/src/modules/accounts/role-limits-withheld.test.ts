import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRole, giveRole } from '../../test-support/app-queries';
import { json, seedServer } from '../../test-support/players-bans-notes-fixtures';
import { enrolTotp } from '../../test-support/second-factor';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { type HeldRole, limitsUnderWithholding } from './role-limits';

// Limits per role (issue 25 item 4) and roles withheld for a missing second factor (issue 31):
// withholding only ever takes away. A withheld role neither widens a holder's limits nor, when
// it was their only role with a ban power, leaves their directly granted powers without limit.

const DAY = 86400;
const role = (id: string, limits: Partial<HeldRole> = {}): HeldRole => ({
  id,
  flags: '',
  codes: ['bans.create'],
  banMaxSeconds: DAY,
  commMaxSeconds: 3600,
  mayGivePermanent: false,
  mayLiftOthers: false,
  ...limits,
});

describe('limitsUnderWithholding (the rule)', () => {
  const seniors = role('seniors', {
    banMaxSeconds: null,
    commMaxSeconds: null,
    mayGivePermanent: true,
    mayLiftOthers: true,
  });
  const mods = role('mods');

  it('nothing withheld: the most generous of the ban-power roles', () => {
    expect(limitsUnderWithholding('', [mods, seniors], [])).toEqual({
      ban: { maxSeconds: null, permanent: true },
      comm: { maxSeconds: null, permanent: true },
      liftOthers: true,
      groups: null,
    });
  });

  it('a withheld role does not widen the limits of the roles still held', () => {
    expect(limitsUnderWithholding('', [mods, seniors], ['seniors'])).toEqual({
      ban: { maxSeconds: DAY, permanent: false },
      comm: { maxSeconds: 3600, permanent: false },
      liftOthers: false,
      groups: null,
    });
  });

  it('a withheld only ban-power role still limits powers granted directly (never limitless for want of a factor)', () => {
    const limits = limitsUnderWithholding('', [mods], ['mods']);
    expect(limits).toEqual(limitsUnderWithholding('', [mods], []));
    expect(limits.ban).toEqual({ maxSeconds: DAY, permanent: false });
  });

  it('a withheld owner role (flag z) makes nobody the owner; an own z flag still does', () => {
    const owners = role('owners', { flags: 'z', banMaxSeconds: 60, commMaxSeconds: 60 });
    expect(limitsUnderWithholding('', [owners, mods], ['owners']).ban).toEqual({ maxSeconds: DAY, permanent: false });
    expect(limitsUnderWithholding('z', [owners, mods], ['owners']).liftOthers).toBe(true);
  });

  it('a withheld role frees no server group, and a withheld only ban-power role keeps holding to its groups', () => {
    const east = role('east', { banGroupIds: ['eu'] });
    const everywhere = role('everywhere', { banGroupIds: null });
    expect(limitsUnderWithholding('', [east, everywhere], []).groups).toBeNull();
    expect(limitsUnderWithholding('', [east, everywhere], ['everywhere']).groups).toEqual(['eu']);
    expect(limitsUnderWithholding('', [east], ['east']).groups).toEqual(['eu']);
  });

  it('roles without a ban power say nothing either way, withheld or not', () => {
    const viewers = role('viewers', { codes: ['panel.view'], banMaxSeconds: null, mayGivePermanent: true });
    expect(limitsUnderWithholding('', [mods, viewers], ['viewers'])).toEqual(limitsUnderWithholding('', [mods], []));
  });
});

describe.each(testDatabases())('limits per role with withheld roles on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let mod: SignedIn;
  let direct: SignedIn;
  let player: string;
  let playerCount = 0;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const ban = (who: SignedIn, payload: object) =>
    call('POST', '/api/bans', who, { steamid: player, reason: 'Cheating', length: DAY, ...payload });
  const expectRefused = (response: LightMyRequestResponse, error: string) => {
    expect(response.statusCode, response.body).toBe(403);
    expect(json(response)).toMatchObject({ error });
  };
  const roleWith = (body: object) => createRole(t, owner, body);
  const give = (roleId: string, who: SignedIn) => giveRole(t, owner, roleId, who);
  const limitsOf = async (who: SignedIn) => json(await call('GET', '/api/auth/profile', who)).permissions.limits;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedServer(t, 's1');
    owner = await signInAs(t, { name: 'Owner', flags: 'z', codes: ['*'], immunity: 100 });
    mod = await signInAs(t, { name: 'Mod', immunity: 20 });
    direct = await signInAs(t, { name: 'Direct', immunity: 20, codes: ['bans.create', 'bans.unban'] });
    const mods = await roleWith({
      name: 'Moderators',
      codes: ['bans.*'],
      limits: { banMaxSeconds: DAY, commMaxSeconds: 3600, mayGivePermanent: false, mayLiftOthers: false },
    });
    const seniors = await roleWith({
      name: 'Seniors',
      codes: ['bans.*'],
      limits: { banMaxSeconds: null, commMaxSeconds: null, mayGivePermanent: true, mayLiftOthers: true },
    });
    const trial = await roleWith({
      name: 'Trial',
      codes: ['bans.create'],
      limits: { banMaxSeconds: 3600, commMaxSeconds: 3600, mayGivePermanent: false, mayLiftOthers: false },
    });
    await give(mods, mod);
    await give(seniors, mod);
    await give(trial, direct);
    const policy = await call('PUT', '/api/auth/second-factor/policy', owner, { requiredRoleIds: [seniors, trial] });
    expect(policy.statusCode, policy.body).toBe(200);
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    playerCount += 1;
    player = String(76561197962735000n + BigInt(playerCount));
  });

  it('a withheld generous role gives no longer, permanent or others’ lifts; the profile shows the same', async () => {
    expect(await limitsOf(mod)).toEqual({
      ban: { maxSeconds: DAY, permanent: false },
      comm: { maxSeconds: 3600, permanent: false },
      liftOthers: false,
      groups: null,
    });
    expectRefused(await ban(mod, { length: null }), 'PERMANENT_NOT_ALLOWED');
    expectRefused(await ban(mod, { length: 2 * DAY }), 'LENGTH_OVER_ROLE_LIMIT');
    expectRefused(await ban(mod, { type: 'mute', length: 7200 }), 'LENGTH_OVER_ROLE_LIMIT');
    const others = json(await ban(owner, { length: 3600 })).id;
    expectRefused(await call('POST', `/api/bans/${others}/unban`, mod, { reason: 'No' }), 'LIFT_OTHERS_NOT_ALLOWED');
    expect((await ban(mod, { length: DAY })).statusCode).toBe(201);
  });

  it('a withheld only ban-power role still limits powers granted directly to the user', async () => {
    expect((await limitsOf(direct)).ban).toEqual({ maxSeconds: 3600, permanent: false });
    expectRefused(await ban(direct, { length: 7200 }), 'LENGTH_OVER_ROLE_LIMIT');
    expectRefused(await ban(direct, { length: null }), 'PERMANENT_NOT_ALLOWED');
    const others = json(await ban(owner, { length: 3600 })).id;
    expectRefused(await call('POST', `/api/bans/${others}/unban`, direct, { reason: 'No' }), 'LIFT_OTHERS_NOT_ALLOWED');
    expect((await ban(direct, { length: 3600 })).statusCode).toBe(201);
  });

  it('once the holder enrols a factor the role counts again', async () => {
    await enrolTotp(t, mod);
    expect((await limitsOf(mod)).ban).toEqual({ maxSeconds: null, permanent: true });
    expect((await ban(mod, { length: null })).statusCode).toBe(201);
  });
});
