import { managedServerGroupSchema, managedServerSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

const SECRET = 'rcon-pa55-never-shown';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(testDatabases())('servers management API on $name', (kind) => {
  let t: TestApp;
  let manager: SignedIn;
  let outsider: SignedIn;
  let groupId: string;
  let serverId: string;

  const call = (method: Method, url: string, who: SignedIn | null, payload?: unknown) =>
    t.app.inject({ method, url, headers: who?.headers, ...(payload !== undefined && { payload: payload as object }) });

  /** Everything stored that management can change, to prove a refused request changed nothing. */
  const snapshot = async () => ({
    groups: await t.database.db.selectFrom('server_groups').selectAll().orderBy('id').execute(),
    servers: await t.database.db.selectFrom('servers').selectAll().orderBy('id').execute(),
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    manager = await signInAs(t, { name: 'Manager Mia', codes: ['servers.manage'] });
    outsider = await signInAs(t, { codes: ['bans.create'] });
    const group = await call('POST', '/api/servers/groups', manager, {
      name: 'Versus',
      game: 'l4d2',
      type: 'docker',
      templateId: 'l4d2-versus',
      template: { image: 'outpost/l4d2:latest', env: { MAP: 'c1m1_hotel' }, ports: [{ container: 27015 }] },
      tags: ['5+'],
      actions: [{ name: 'Restart', command: 'sm_restart', color: 'is-danger', showWhen: 'online' }],
    });
    expect(group.statusCode).toBe(201);
    groupId = managedServerGroupSchema.parse(group.json()).id;
    const server = await call('POST', '/api/servers', manager, {
      groupId,
      name: 'Versus #1',
      host: 'vs1.example.org',
      ip: '127.0.0.1',
      port: 27015,
      rconPassword: SECRET,
      tags: ['5+', 'customs'],
      features: ['sourcemod'],
      actions: [{ name: 'Restart now', command: 'sm_restart', requiresFeatures: ['sourcemod'] }],
    });
    expect(server.statusCode).toBe(201);
    expect(server.body).not.toContain(SECRET);
    serverId = managedServerSchema.parse(server.json()).id;
  });
  afterAll(async () => t?.close());

  const endpoints = (): [Method, string, unknown][] => [
    ['POST', '/api/servers/groups', { name: 'New', game: 'tf2', type: 'others' }],
    ['GET', `/api/servers/groups/${groupId}`, undefined],
    ['PATCH', `/api/servers/groups/${groupId}`, { name: 'Renamed' }],
    ['DELETE', `/api/servers/groups/${groupId}`, undefined],
    ['POST', '/api/servers', { groupId, name: 'X', host: 'x', ip: '127.0.0.1', port: 1 }],
    ['GET', `/api/servers/${serverId}`, undefined],
    ['PATCH', `/api/servers/${serverId}`, { name: 'Renamed' }],
    ['DELETE', `/api/servers/${serverId}`, undefined],
  ];

  it('answers 401 signed out and 403 without servers.manage, changing nothing', async () => {
    const before = await snapshot();
    for (const [method, url, payload] of endpoints()) {
      const signedOut = await call(method, url, null, payload);
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      expect(signedOut.json().error).toBe('UNAUTHORIZED');
      const forbidden = await call(method, url, outsider, payload);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json()).toMatchObject({
        error: 'FORBIDDEN',
        message: expect.stringContaining('servers.manage'),
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with 4xx {error, message} and changes nothing', async () => {
    const before = await snapshot();
    const bad: [Method, string, unknown][] = [
      ['POST', '/api/servers/groups', { name: '', game: 'l4d2', type: 'docker' }],
      ['POST', '/api/servers/groups', { name: 'G', game: 'quake', type: 'docker' }],
      ['POST', '/api/servers/groups', { name: 'G', game: 'l4d2', type: 'docker', template: { image: 'x', ports: [] } }],
      ['POST', '/api/servers/groups', { name: 'x'.repeat(101), game: 'l4d2', type: 'docker' }],
      ['PATCH', `/api/servers/groups/${groupId}`, { type: 'kubernetes' }],
      ['PATCH', `/api/servers/groups/${groupId}`, { unknownField: 1 }],
      ['PATCH', `/api/servers/groups/${groupId}`, { actions: [{ name: 'A', command: 'a', showWhen: 'sometimes' }] }],
      ['PATCH', '/api/servers/groups/nope', { name: 'X' }],
      ['DELETE', '/api/servers/groups/nope', undefined],
      ['POST', '/api/servers', { groupId, name: 'X', host: 'x', ip: '127.0.0.1', port: 70000 }],
      ['POST', '/api/servers', { groupId: 'nope', name: 'X', host: 'x', ip: '127.0.0.1', port: 1 }],
      ['POST', '/api/servers', { groupId, name: 'X', host: 'x', ip: '127.0.0.1', port: 1, tags: Array(21).fill('t') }],
      ['PATCH', `/api/servers/${serverId}`, { rconPassword: '' }],
      ['PATCH', `/api/servers/${serverId}`, { groupId: 'nope' }],
      ['PATCH', `/api/servers/${serverId}`, { port: 'eighty' }],
      ['GET', '/api/servers/nope', undefined],
      ['DELETE', '/api/servers/nope', undefined],
    ];
    for (const [method, url, payload] of bad) {
      const response = await call(method, url, manager, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    }
    const oversized = await t.app.inject({
      method: 'POST',
      url: '/api/servers/groups',
      headers: { ...manager.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'G', game: 'l4d2', type: 'docker', description: 'x'.repeat(2_000_000) }),
    });
    expect(oversized.statusCode).toBe(413);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/servers',
      headers: { ...manager.headers, 'content-type': 'application/json' },
      payload: '{"groupId":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the RCON password write-only: stored, never answered, never logged', async () => {
    const got = await call('GET', `/api/servers/${serverId}`, manager);
    expect(got.statusCode).toBe(200);
    expect(got.body).not.toContain(SECRET);
    expect(got.json()).toMatchObject({ hasRconPassword: true, tags: ['5+', 'customs'], features: ['sourcemod'] });
    const stored = await t.database.db
      .selectFrom('servers')
      .select('rcon_password')
      .where('id', '=', serverId)
      .executeTakeFirst();
    expect(stored?.rcon_password).toBe(SECRET);
    const patched = await call('PATCH', `/api/servers/${serverId}`, manager, {
      rconPassword: 'another-secret',
      rconPort: 27016,
    });
    expect(patched.body).not.toContain('another-secret');
    expect(patched.json()).toMatchObject({ hasRconPassword: true, rconPort: 27016 });
    for (const url of ['/api/servers', '/api/servers/groups', `/api/servers/groups/${groupId}`]) {
      const response = await call('GET', url, manager);
      expect(response.body).not.toContain(SECRET);
      expect(response.body).not.toContain('another-secret');
    }
    const logs = await t.database.db.selectFrom('log_entries').select('message').execute();
    expect(logs.map((row) => row.message).join('\n')).not.toContain('another-secret');
    const cleared = await call('PATCH', `/api/servers/${serverId}`, manager, { rconPassword: null });
    expect(cleared.json().hasRconPassword).toBe(false);
    await call('PATCH', `/api/servers/${serverId}`, manager, { rconPassword: SECRET });
  });

  it('merges group actions with per-server overrides and shows them to whoever may see them', async () => {
    const managed = managedServerSchema.parse((await call('GET', `/api/servers/${serverId}`, manager)).json());
    expect(managed.actions).toEqual([
      expect.objectContaining({ name: 'Restart now', command: 'sm_restart', requiresFeatures: ['sourcemod'] }),
    ]);
    const group = await call('PATCH', `/api/servers/groups/${groupId}`, manager, {
      actions: [
        { name: 'Restart', command: 'sm_restart' },
        { name: 'Hidden', command: 'sm_hidden', isHidden: true, showWhen: 'offline' },
      ],
      description: 'Versus servers',
    });
    expect(group.statusCode).toBe(200);
    expect(group.json()).toMatchObject({
      description: 'Versus servers',
      tags: ['5+'],
      template: { image: 'outpost/l4d2:latest' },
    });
    // Managers see every merged action; the public none, a runner only the visible ones
    // they may run (issue 9 item 14).
    const managerGroups = (await call('GET', '/api/servers', manager)).json();
    const server = managerGroups[0].servers[0];
    expect(server.actions.map((action: { command: string }) => action.command)).toEqual(['sm_hidden', 'sm_restart']);
    expect(server.actions[1].name).toBe('Restart now');
    expect((await call('GET', '/api/servers', null)).json()[0].servers[0].actions).toEqual([]);
    const runner = await signInAs(t, { codes: ['servers.action.sm_*'] });
    const runnerActions = (await call('GET', '/api/servers', runner)).json()[0].servers[0].actions;
    expect(runnerActions.map((action: { command: string }) => action.command)).toEqual(['sm_restart']);
  });

  it('writes every change to the audit log with who made it', async () => {
    await call('PATCH', `/api/servers/${serverId}`, manager, { name: 'Versus One' });
    const entries = await t.database.db.selectFrom('log_entries').selectAll().orderBy('id').execute();
    expect(entries.map((entry) => entry.message)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Created server group "Versus"'),
        expect.stringContaining('Created server "Versus #1"'),
        expect.stringContaining('Edited server "Versus #1"'),
      ]),
    );
    expect(entries.every((entry) => entry.client === manager.userId && entry.client_name === 'Manager Mia')).toBe(true);
  });

  it('deletes a server, then a group with its servers', async () => {
    const extra = await call('POST', '/api/servers', manager, {
      groupId,
      name: 'Spare',
      host: 'h',
      ip: '127.0.0.2',
      port: 27020,
    });
    expect((await call('DELETE', `/api/servers/${extra.json().id}`, manager)).statusCode).toBe(204);
    expect((await call('GET', `/api/servers/${extra.json().id}`, manager)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/servers/groups/${groupId}`, manager)).statusCode).toBe(204);
    expect((await call('GET', `/api/servers/${serverId}`, manager)).statusCode).toBe(404);
    expect((await call('GET', '/api/servers', null)).json()).toEqual([]);
  });
});
