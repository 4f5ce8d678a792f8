import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRole, giveRole, rowCount } from '../../test-support/app-queries';
import { json, seedServer } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// Limits per role (issue 25 item 4): a role sets the longest ban and comm block its holders
// may give, whether permanent ones too, and whether they may lift others' bans. One check in
// the write path serves the web (create, edit, unban), the plugin API, report and appeal
// decisions; each refusal is a 403 {error, message} naming the limit, and stores nothing.

const TRIAL_STEAM = '76561197960265801';
const DAY = 86400;
let playerCount = 0;

describe.each(testDatabases())('limits per role on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let trial: SignedIn;
  let token: string;
  let player: string;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who: SignedIn | null, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers, ...(payload ? { payload } : {}) });
  const game = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
  const ban = (who: SignedIn, payload: object) =>
    call('POST', '/api/bans', who, { steamid: player, reason: 'Cheating', length: DAY, ...payload });
  const expectRefused = (response: LightMyRequestResponse, error: string, limitText: string) => {
    expect(response.statusCode, response.body).toBe(403);
    expect(json(response)).toMatchObject({ error });
    expect(json(response).message).toContain(limitText);
  };
  const roleWith = (body: object) => createRole(t, owner, body);
  const give = (roleId: string, who: SignedIn) => giveRole(t, owner, roleId, who);

  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedServer(t, 's1');
    owner = await signInAs(t, { name: 'Owner', flags: 'z', codes: ['*'], immunity: 100 });
    trial = await signInAs(t, { name: 'Trial Tim', steamid: TRIAL_STEAM, immunity: 10 });
    const trialRole = await roleWith({
      name: 'Trial moderators',
      codes: ['bans.*', 'reports.manage', 'appeals.manage'],
      flags: 'bcdj',
      limits: { banMaxSeconds: DAY, commMaxSeconds: 3600, mayGivePermanent: false, mayLiftOthers: false },
    });
    await give(trialRole, trial);
    // A role with no power over bans and no limits set says nothing about ban lengths.
    await give(await roleWith({ name: 'Panel viewers', codes: ['panel.view'] }), trial);
    token = json(await call('POST', '/api/game-tokens/s1', owner)).token;
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    playerCount += 1;
    player = String(76561197962734000n + BigInt(playerCount));
  });

  it('the role editor stores the limits and the profile exposes the holder’s', async () => {
    const roles = json(await call('GET', '/api/panel/roles', owner)).roles;
    expect(roles.find((role: { name: string }) => role.name === 'Trial moderators').limits).toEqual({
      banMaxSeconds: DAY,
      commMaxSeconds: 3600,
      mayGivePermanent: false,
      mayLiftOthers: false,
      banGroupIds: null,
    });
    expect(roles.find((role: { name: string }) => role.name === 'Panel viewers').limits.banMaxSeconds).toBeNull();
    expect(json(await call('GET', '/api/auth/profile', trial)).permissions.limits).toEqual({
      ban: { maxSeconds: DAY, permanent: false },
      comm: { maxSeconds: 3600, permanent: false },
      liftOthers: false,
      groups: null,
    });
    expect(json(await call('GET', '/api/auth/profile', owner)).permissions.limits).toEqual({
      ban: { maxSeconds: null, permanent: true },
      comm: { maxSeconds: null, permanent: true },
      liftOthers: true,
      groups: null,
    });
    const badLimit = await call('POST', '/api/panel/roles', owner, {
      name: 'Bad',
      codes: [],
      flags: '',
      immunityLevel: 0,
      limits: { banMaxSeconds: 10, commMaxSeconds: null, mayGivePermanent: false, mayLiftOthers: true },
    });
    expect(badLimit.statusCode).toBe(400);
  });

  it('a web ban or comm block over the limit, or permanent, is refused; within it is made', async () => {
    const before = await rowCount(t, 'bans');
    expectRefused(await ban(trial, { length: DAY + 60 }), 'LENGTH_OVER_ROLE_LIMIT', 'at most 1 day');
    expectRefused(await ban(trial, { length: null }), 'PERMANENT_NOT_ALLOWED', 'at most 1 day');
    expectRefused(await ban(trial, { type: 'mute', length: 3660 }), 'LENGTH_OVER_ROLE_LIMIT', 'at most 1 hour');
    expectRefused(await ban(trial, { type: 'gag', length: null }), 'PERMANENT_NOT_ALLOWED', 'at most 1 hour');
    expect(await rowCount(t, 'bans')).toBe(before);
    expect((await ban(trial, { length: DAY })).statusCode).toBe(201);
    expect((await ban(trial, { type: 'silence', length: 3600 })).statusCode).toBe(201);
    expect((await ban(owner, { length: null })).statusCode).toBe(201);
  });

  it('an edit that lengthens beyond the limit is refused; within it, or shortening, is not', async () => {
    const own = json(await ban(trial, { length: 3600 })).id;
    expectRefused(
      await call('PATCH', `/api/bans/${own}`, trial, { length: 2 * DAY }),
      'LENGTH_OVER_ROLE_LIMIT',
      'at most 1 day',
    );
    expectRefused(await call('PATCH', `/api/bans/${own}`, trial, { length: null }), 'PERMANENT_NOT_ALLOWED', '1 day');
    expect(json(await call('GET', `/api/bans/${own}`, owner)).length).toBe(3600);
    expect((await call('PATCH', `/api/bans/${own}`, trial, { length: DAY })).statusCode).toBe(200);
    // Someone else's permanent ban shortened to 30 days: shorter, so allowed although over the limit.
    const permanent = json(await ban(owner, { length: null })).id;
    const shortened = await call('PATCH', `/api/bans/${permanent}`, trial, { length: 30 * DAY, reason: 'Less' });
    expect(shortened.statusCode, shortened.body).toBe(200);
  });

  it('lifting another admin’s ban needs a role that allows it; one’s own may be lifted', async () => {
    const others = json(await ban(owner, {})).id;
    expectRefused(
      await call('POST', `/api/bans/${others}/unban`, trial, { reason: 'Mine now' }),
      'LIFT_OTHERS_NOT_ALLOWED',
      'only your own',
    );
    expect(json(await call('GET', `/api/bans/${others}`, owner)).status).toBe('active');
    const own = json(await ban(trial, {})).id;
    expect((await call('POST', `/api/bans/${own}/unban`, trial, { reason: 'Mistake' })).statusCode).toBe(200);
    expect((await call('POST', `/api/bans/${others}/unban`, owner, { reason: 'Owner' })).statusCode).toBe(200);
  });

  it('in game, an admin whose account holds the limited role is held to it; lifts of others are refused', async () => {
    const admin = { steamid: TRIAL_STEAM, name: 'Tim in game' };
    const before = await rowCount(t, 'bans');
    expectRefused(
      await game('/api/game/bans', { steamid: player, reason: 'x', length: 0, admin }),
      'PERMANENT_NOT_ALLOWED',
      '1 day',
    );
    expectRefused(
      await game('/api/game/bans', { steamid: player, reason: 'x', length: null, admin }),
      'PERMANENT_NOT_ALLOWED',
      '1 day',
    );
    expectRefused(
      await game('/api/game/bans', { steamid: player, type: 'mute', reason: 'x', length: 7200, admin }),
      'LENGTH_OVER_ROLE_LIMIT',
      'at most 1 hour',
    );
    expect(await rowCount(t, 'bans')).toBe(before);
    const made = await game('/api/game/bans', { steamid: player, reason: 'x', length: 3600, admin });
    expect(made.statusCode, made.body).toBe(201);
    expect(json(made).adminName).toBe('Trial Tim');
    // This server's own ban by someone else (its console): the limited admin may not lift it.
    const consoles = json(await game('/api/game/bans', { steamid: player, type: 'gag', reason: 'y', length: null })).id;
    const lifted = json(await game('/api/game/unban', { steamid: player, type: 'gag', reason: 'z', admin }));
    expect(lifted).toEqual({ unbanned: [], refused: [consoles] });
    const own = json(await game('/api/game/unban', { steamid: player, type: 'ban', reason: 'z', admin }));
    expect(own.unbanned).toHaveLength(1);
  });

  it('a report resolved as a ban is held to the limit; the report stays open when refused', async () => {
    const reporter = await signInAs(t, { name: `Reporter ${playerCount}` });
    expect((await call('POST', '/api/reports', reporter, { target: player, reason: 'Cheating' })).statusCode).toBe(201);
    const group = json(await call('GET', '/api/reports/groups', trial)).groups.find(
      (candidate: { targetSteamid: string }) => candidate.targetSteamid === player,
    );
    const resolve = (length: number | null) =>
      call('POST', `/api/reports/groups/${group.id}/resolve`, trial, { action: 'ban', reason: 'Reported', length });
    expectRefused(await resolve(null), 'PERMANENT_NOT_ALLOWED', '1 day');
    expectRefused(await resolve(2 * DAY), 'LENGTH_OVER_ROLE_LIMIT', '1 day');
    expect(json(await call('GET', '/api/reports/groups', trial)).groups.map((g: { id: number }) => g.id)).toContain(
      group.id,
    );
    const resolved = await resolve(DAY);
    expect(resolved.statusCode, resolved.body).toBe(200);
  });

  it('accepting an appeal by lifting another admin’s ban is refused; the appeal stays open', async () => {
    const appellant = await signInAs(t, { name: 'Bob', steamid: player });
    const banId = json(await ban(owner, { length: 7 * DAY })).id;
    const opened = await call('POST', '/api/appeals', appellant, { banId, statement: 'Not me' });
    expect(opened.statusCode, opened.body).toBe(201);
    const appealId = json(opened).appeal.id;
    expectRefused(
      await call('POST', `/api/appeals/${appealId}/decision`, trial, {
        outcome: 'accepted',
        action: 'lift',
        reason: 'Fine',
      }),
      'LIFT_OTHERS_NOT_ALLOWED',
      'only your own',
    );
    expect(json(await call('GET', `/api/appeals/${appealId}`, trial)).appeal.state).toBe('open');
    expect(json(await call('GET', `/api/bans/${banId}`, owner)).status).toBe('active');
    // Shortening is never a lengthening: allowed.
    const shortened = await call('POST', `/api/appeals/${appealId}/decision`, trial, {
      outcome: 'accepted',
      action: 'shorten',
      length: 3 * DAY,
      reason: 'Shorter',
    });
    expect(shortened.statusCode, shortened.body).toBe(200);
  });

  it('several roles: the most generous wins; permanent once any role allows it', async () => {
    const senior = await signInAs(t, { name: `Senior ${playerCount}`, immunity: 20 });
    const week = await roleWith({
      name: 'Week moderators',
      codes: ['bans.create'],
      limits: { banMaxSeconds: 7 * DAY, commMaxSeconds: 600, mayGivePermanent: false, mayLiftOthers: false },
    });
    const permanentMutes = await roleWith({
      name: 'Chat wardens',
      flags: 'j',
      limits: { banMaxSeconds: 3600, commMaxSeconds: DAY, mayGivePermanent: true, mayLiftOthers: true },
    });
    await give(week, senior);
    await give(permanentMutes, senior);
    expect(json(await call('GET', '/api/auth/profile', senior)).permissions.limits).toEqual({
      ban: { maxSeconds: 7 * DAY, permanent: true },
      comm: { maxSeconds: DAY, permanent: true },
      liftOthers: true,
      groups: null,
    });
    expect((await ban(senior, { length: 7 * DAY })).statusCode).toBe(201);
    expectRefused(await ban(senior, { length: 8 * DAY }), 'LENGTH_OVER_ROLE_LIMIT', 'at most 7 days');
    expect((await ban(senior, { type: 'mute', length: null })).statusCode).toBe(201);
  });

  it('a limited editor of roles cannot give a role with a ban power more than their own limits', async () => {
    const lead = await signInAs(t, { name: `Lead ${playerCount}`, immunity: 30 });
    await give(
      await roleWith({
        name: `Leads ${playerCount}`,
        codes: ['panel.roles', 'bans.*', 'users.edit-privileges'],
        limits: { banMaxSeconds: DAY, commMaxSeconds: DAY, mayGivePermanent: false, mayLiftOthers: false },
      }),
      lead,
    );
    const create = (name: string, limits: object, codes = ['bans.create']) =>
      call('POST', '/api/panel/roles', lead, { name, codes, flags: '', immunityLevel: 0, limits });
    const within = { banMaxSeconds: DAY, commMaxSeconds: 3600, mayGivePermanent: false, mayLiftOthers: false };
    const before = await rowCount(t, 'roles');
    for (const [name, limits, text] of [
      ['Unlimited', { ...within, banMaxSeconds: null }, 'longer bans'],
      ['Two days', { ...within, banMaxSeconds: 2 * DAY }, 'longer bans'],
      ['Permanent', { ...within, mayGivePermanent: true }, 'permanent bans'],
      ['Lifters', { ...within, mayLiftOthers: true }, "lifting others' bans"],
    ] as const) {
      const refused = await create(`${name} ${playerCount}`, limits);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(json(refused).message).toContain(text);
    }
    expect(await rowCount(t, 'roles')).toBe(before);
    const made = await create(`Juniors ${playerCount}`, within);
    expect(made.statusCode, made.body).toBe(201);
    // Without a ban power a role's (unset) limits say nothing, so they are not refused.
    expect((await create(`Plain ${playerCount}`, { ...within, banMaxSeconds: null }, [])).statusCode).toBe(201);
    const widened = await call('PATCH', `/api/panel/roles/${json(made).id}`, lead, {
      limits: { ...within, commMaxSeconds: null },
    });
    expect(widened.statusCode).toBe(403);
    expect(json(widened).message).toContain('longer comm blocks');
    // Nor through the privileges editor: an unlimited role the owner made is not theirs to give.
    const unlimited = await roleWith({ name: `Unlimited ${playerCount}`, codes: ['bans.create'] });
    const member = await signInAs(t, { name: `Member ${playerCount}` });
    const privileges = (roleIds: string[]) =>
      call('PUT', `/api/users/${member.userId}/privileges`, lead, { roleIds, flags: '', immunityLevel: 0, codes: [] });
    const refused = await privileges([unlimited]);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(json(refused).message).toContain('longer bans');
    expect((await privileges([json(made).id])).statusCode).toBe(200);
  });
});
