import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toJsonColumn } from '../../db/json-column';
import { auditMessages, rowCount } from '../../test-support/app-queries';
import { json, seedServer } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// Ban scope (issue 25 item 3): a ban or comm block applies to the whole community (the
// default), one server group or one server. The web path stores and shows it; a staff member
// whose roles hold their bans to some server groups may give, edit and lift only within them
// (403 SCOPE_NOT_ALLOWED, nothing stored); ids that do not exist are 400, never 500.

const DAY = 86400;
let playerCount = 0;

describe.each(testDatabases())('ban scope on the web on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let alphaMod: SignedIn;
  let player: string;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: SignedIn | null, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers, ...(payload ? { payload } : {}) });
  const ban = (who: SignedIn, payload: object) =>
    call('POST', '/api/bans', who, { steamid: player, reason: 'Cheating', length: DAY, ...payload });
  const created = async (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(201);
    return json(response);
  };
  const expectScopeRefused = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(403);
    expect(json(response)).toMatchObject({ error: 'SCOPE_NOT_ALLOWED', message: expect.any(String) });
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    // Group g-a1 'Alpha' holds servers a1 and a2; group g-b1 'Bravo' holds b1.
    await seedServer(t, 'a1', 'Alpha #1');
    await seedServer(t, 'b1', 'Bravo #1');
    const db = t.database.db;
    await db.updateTable('server_groups').set({ name: 'Alpha' }).where('id', '=', 'g-a1').execute();
    await db.updateTable('server_groups').set({ name: 'Bravo' }).where('id', '=', 'g-b1').execute();
    const a1 = await db.selectFrom('servers').selectAll().where('id', '=', 'a1').executeTakeFirstOrThrow();
    await db
      .insertInto('servers')
      .values({ ...a1, id: 'a2', name: 'Alpha #2', host: 'a2.example.org', tags: toJsonColumn([]) })
      .execute();
    owner = await signInAs(t, { name: 'Owner', flags: 'z', codes: ['*'], immunity: 100 });
    alphaMod = await signInAs(t, { name: 'Alpha Mod', immunity: 10 });
    const role = await call('POST', '/api/panel/roles', owner, {
      name: 'Alpha moderators',
      codes: ['bans.*', 'panel.roles', 'panel.view', 'reports.manage'],
      flags: 'bcd',
      immunityLevel: 10,
      limits: {
        banMaxSeconds: null,
        commMaxSeconds: null,
        mayGivePermanent: false,
        mayLiftOthers: true,
        banGroupIds: ['g-a1'],
      },
    });
    expect(role.statusCode, role.body).toBe(201);
    const given = await call('POST', `/api/panel/roles/${json(role).id}/holders`, owner, { userId: alphaMod.userId });
    expect(given.statusCode).toBe(200);
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    playerCount += 1;
    player = String(76561197962735000n + BigInt(playerCount));
  });

  it('stores each scope, answers it with its name, and the public list and details show it', async () => {
    const community = await created(await ban(owner, {}));
    const group = await created(await ban(owner, { scope: { kind: 'group', groupId: 'g-b1' } }));
    const server = await created(await ban(owner, { type: 'mute', scope: { kind: 'server', serverId: 'a2' } }));
    expect(community).toMatchObject({ scope: { kind: 'community' }, scopeName: 'All servers' });
    expect(group).toMatchObject({ scope: { kind: 'group', groupId: 'g-b1' }, scopeName: 'Bravo' });
    expect(server).toMatchObject({ scope: { kind: 'server', serverId: 'a2' }, scopeName: 'Alpha #2' });
    const listed = json(await call('GET', `/api/bans?steamid=${player}`, null)).bans;
    expect(listed.map((b: { scopeName: string }) => b.scopeName)).toEqual(['Alpha #2', 'Bravo', 'All servers']);
    const details = json(await call('GET', `/api/bans/${group.id}`, null));
    expect(details).toMatchObject({ scope: { kind: 'group', groupId: 'g-b1' }, scopeName: 'Bravo' });
    expect(await auditMessages(t)).toContain(
      `banned ${player} for 1 day(s) on Bravo only (reason "Cheating") [ban #${group.id}]`,
    );
  });

  it('search finds a scoped ban and says where it applies', async () => {
    const group = await created(await ban(owner, { scope: { kind: 'group', groupId: 'g-a1' } }));
    const hits = json(await call('GET', `/api/search?q=${player}`, null)).groups.flatMap(
      (entry: { hits: unknown[] }) => entry.hits,
    );
    expect(hits.find((hit: { id: string }) => hit.id === String(group.id))).toMatchObject({
      subtitle: 'Cheating (only on Alpha)',
    });
  });

  it('an appeal shows where the appealed ban applies, to the player and to staff', async () => {
    const banned = await created(await ban(owner, { scope: { kind: 'server', serverId: 'b1' } }));
    const appellant = await signInAs(t, { name: 'Appellant', steamid: player });
    const appealed = await call('POST', '/api/appeals', appellant, { banId: banned.id, statement: 'Not me' });
    expect(appealed.statusCode, appealed.body).toBe(201);
    expect(json(appealed).appeal.ban).toMatchObject({ id: banned.id, scopeName: 'Bravo #1' });
    const queue = json(await call('GET', '/api/appeals?state=open', owner)).appeals;
    expect(queue.find((a: { banId: number }) => a.banId === banned.id).ban.scopeName).toBe('Bravo #1');
  });

  it('a report resolved as a ban takes a scope, held to the resolver’s groups; refused, the report stays open', async () => {
    const reporter = await signInAs(t, { name: `Reporter ${playerCount}` });
    expect((await call('POST', '/api/reports', reporter, { target: player, reason: 'Cheating' })).statusCode).toBe(201);
    const openGroups = async () => json(await call('GET', '/api/reports/groups', owner)).groups;
    const group = (await openGroups()).find((g: { targetSteamid: string }) => g.targetSteamid === player);
    const resolve = (scope?: object) =>
      call('POST', `/api/reports/groups/${group.id}/resolve`, alphaMod, {
        action: 'ban',
        reason: 'Reported',
        length: DAY,
        ...(scope ? { scope } : {}),
      });
    expectScopeRefused(await resolve());
    expectScopeRefused(await resolve({ kind: 'server', serverId: 'b1' }));
    expect((await openGroups()).map((g: { id: number }) => g.id)).toContain(group.id);
    const resolved = await resolve({ kind: 'server', serverId: 'a1' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const bans = json(await call('GET', `/api/bans?steamid=${player}`, null)).bans;
    expect(bans.map((b: { scopeName: string }) => b.scopeName)).toEqual(['Alpha #1']);
  });

  it('refuses scopes naming nothing, or of the wrong shape, with 400 and stores nothing', async () => {
    const before = await rowCount(t, 'bans');
    const shapes: [object, string][] = [
      [{ kind: 'group', groupId: 'no-such-group' }, 'UNKNOWN_SERVER_GROUP'],
      [{ kind: 'server', serverId: 'no-such-server' }, 'UNKNOWN_SERVER'],
      // A server's id given as a group, and a group's id given as a server.
      [{ kind: 'group', groupId: 'a1' }, 'UNKNOWN_SERVER_GROUP'],
      [{ kind: 'server', serverId: 'g-a1' }, 'UNKNOWN_SERVER'],
      [{ kind: 'planet', groupId: 'g-a1' }, 'VALIDATION_FAILED'],
      [{ kind: 'group' }, 'VALIDATION_FAILED'],
      [{ kind: 'group', serverId: 'a1' }, 'VALIDATION_FAILED'],
      [{ kind: 'community', groupId: 'g-a1' }, 'VALIDATION_FAILED'],
      [{ kind: 'server', serverId: '' }, 'VALIDATION_FAILED'],
      ['community' as unknown as object, 'VALIDATION_FAILED'],
    ];
    for (const [scope, error] of shapes) {
      for (const who of [owner, alphaMod]) {
        const response = await ban(who, { scope });
        expect(response.statusCode, JSON.stringify(scope)).toBe(400);
        expect(json(response), JSON.stringify(scope)).toMatchObject({ error, message: expect.any(String) });
      }
    }
    expect(await rowCount(t, 'bans')).toBe(before);
  });

  it('a staff member held to some server groups may not ban beyond them (403), in every shape', async () => {
    const before = await rowCount(t, 'bans');
    expectScopeRefused(await ban(alphaMod, {}));
    expectScopeRefused(await ban(alphaMod, { scope: { kind: 'community' } }));
    expectScopeRefused(await ban(alphaMod, { scope: { kind: 'group', groupId: 'g-b1' } }));
    expectScopeRefused(await ban(alphaMod, { scope: { kind: 'server', serverId: 'b1' } }));
    expectScopeRefused(await ban(alphaMod, { type: 'gag', scope: { kind: 'server', serverId: 'b1' } }));
    expectScopeRefused(await ban(alphaMod, { type: 'silence' }));
    expect(json(await ban(alphaMod, {})).message).toContain('not all servers');
    expect(await rowCount(t, 'bans')).toBe(before);
    // Within: their group, and each of its servers.
    await created(await ban(alphaMod, { scope: { kind: 'group', groupId: 'g-a1' } }));
    await created(await ban(alphaMod, { type: 'mute', scope: { kind: 'server', serverId: 'a1' } }));
    await created(await ban(alphaMod, { scope: { kind: 'server', serverId: 'a2' } }));
    expect(await rowCount(t, 'bans')).toBe(before + 3);
    // The profile tells the ban form which groups they may give.
    expect(json(await call('GET', '/api/auth/profile', alphaMod)).permissions.limits.groups).toEqual(['g-a1']);
    expect(json(await call('GET', '/api/auth/profile', owner)).permissions.limits.groups).toBeNull();
  });

  it('held to some groups, they may neither edit nor lift a ban beyond them, but may within', async () => {
    const community = await created(await ban(owner, {}));
    const bravo = await created(await ban(owner, { scope: { kind: 'server', serverId: 'b1' } }));
    const alpha = await created(await ban(owner, { scope: { kind: 'server', serverId: 'a2' } }));
    for (const id of [community.id, bravo.id]) {
      expectScopeRefused(await call('POST', `/api/bans/${id}/unban`, alphaMod, { reason: 'no' }));
      expectScopeRefused(await call('PATCH', `/api/bans/${id}`, alphaMod, { length: 2 * DAY }));
      expectScopeRefused(await call('PATCH', `/api/bans/${id}`, alphaMod, { reason: 'shorter', length: 3600 }));
      expect(json(await call('GET', `/api/bans/${id}`, null))).toMatchObject({ status: 'active', length: DAY });
    }
    expect((await call('PATCH', `/api/bans/${alpha.id}`, alphaMod, { length: 2 * DAY })).statusCode).toBe(200);
    expect((await call('POST', `/api/bans/${alpha.id}/unban`, alphaMod, { reason: 'ok' })).statusCode).toBe(200);
  });

  it('the role editor: a role’s groups are kept by an edit that leaves them out, and none may give wider groups than their own', async () => {
    const roles = json(await call('GET', '/api/panel/roles', owner)).roles;
    const alphaRole = roles.find((role: { name: string }) => role.name === 'Alpha moderators');
    expect(alphaRole.limits.banGroupIds).toEqual(['g-a1']);
    const { banGroupIds: _left, ...withoutGroups } = alphaRole.limits;
    const edited = await call('PATCH', `/api/panel/roles/${alphaRole.id}`, owner, { limits: withoutGroups });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json(edited).limits.banGroupIds).toEqual(['g-a1']);
    const base = { codes: ['bans.create'], flags: '', immunityLevel: 1 };
    const limits = { banMaxSeconds: null, commMaxSeconds: null, mayGivePermanent: false, mayLiftOthers: true };
    for (const [name, banGroupIds] of [
      ['Everywhere', null],
      ['Bravo too', ['g-a1', 'g-b1']],
      ['Bravo only', ['g-b1']],
    ] as const) {
      const refused = await call('POST', '/api/panel/roles', alphaMod, {
        ...base,
        name,
        limits: { ...limits, banGroupIds },
      });
      expect(refused.statusCode, name).toBe(403);
      expect(json(refused)).toMatchObject({ error: 'FORBIDDEN', message: expect.stringContaining('server groups') });
    }
    const within = await call('POST', '/api/panel/roles', alphaMod, {
      ...base,
      name: 'Alpha trial',
      limits: { ...limits, banGroupIds: ['g-a1'] },
    });
    expect(within.statusCode, within.body).toBe(201);
  });
});
