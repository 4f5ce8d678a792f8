import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeA2sServer, startFakeA2sServer } from '../../test-support/fakes/fake-a2s-server';
import { type FakeRconServer, startFakeRconServer } from '../../test-support/fakes/fake-rcon-server';
import { groupAction, groupRow, serverRow } from '../../test-support/server-rows';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

const PASSWORD = 'rcon-secret-for-actions';

describe.each(testDatabases())('POST /api/servers/{id}/action/{command} on $name', (kind) => {
  let t: TestApp;
  let query: FakeA2sServer;
  let rcon: FakeRconServer;
  let hanging: FakeRconServer;
  let operator: SignedIn;

  const run = (serverId: string, command: string, who: SignedIn | null) =>
    t.app.inject({
      method: 'POST',
      url: `/api/servers/${serverId}/action/${encodeURIComponent(command)}`,
      headers: who?.headers,
    });

  const addServer = async (id: string, rconPort: number, password: string | null) =>
    t.database.db
      .insertInto('servers')
      .values(
        serverRow({
          id,
          group_id: 'g',
          name: `Server ${id}`,
          port: query.port,
          rcon_port: rconPort,
          rcon_password: password,
        }),
      )
      .execute();

  beforeAll(async () => {
    t = await startTestApp(kind, {
      RCON_TIMEOUT_MS: '400',
      POLL_TIMEOUT_MS: '400',
      RCON_STOP_COMMAND: 'sm_stop_when_empty',
    });
    query = await startFakeA2sServer({ players: [] });
    rcon = await startFakeRconServer({
      password: PASSWORD,
      responses: { sm_restart: 'Restarting...', sm_stop_when_empty: 'Server will stop' },
    });
    hanging = await startFakeRconServer({ mode: 'hang' });
    await t.database.db
      .insertInto('server_groups')
      .values(
        groupRow({
          id: 'g',
          name: 'G',
          game: 'tf2',
          actions: JSON.stringify([
            groupAction('Restart', 'sm_restart'),
            groupAction('Reload plugins', 'sm plugins refresh', { requiresFeatures: ['sourcemod'] }),
          ]),
        }),
      )
      .execute();
    await addServer('ok', rcon.port, PASSWORD);
    await addServer('wrongpw', rcon.port, 'not-the-password');
    await addServer('hangs', hanging.port, PASSWORD);
    await addServer('nopw', rcon.port, null);
    operator = await signInAs(t, { name: 'Operator Olga', codes: ['servers.action.*'] });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([query?.close(), rcon?.close(), hanging?.close()]);
  });

  it('answers 401 signed out and 403 without servers.action.<command>', async () => {
    expect((await run('ok', 'sm_restart', null)).statusCode).toBe(401);
    const other = await signInAs(t, { codes: ['servers.manage', 'servers.action.sm_kick'] });
    const forbidden = await run('ok', 'sm_restart', other);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toContain('servers.action.sm_restart');
    expect(rcon.commands).toEqual([]);
  });

  it('runs the command over RCON, answers 204 and logs who ran what', async () => {
    const narrow = await signInAs(t, { name: 'Restarter', codes: ['servers.action.sm_restart'] });
    const response = await run('ok', 'sm_restart', narrow);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(rcon.commands).toEqual(['sm_restart']);
    const entry = await t.database.db.selectFrom('log_entries').selectAll().orderBy('id', 'desc').executeTakeFirst();
    expect(entry).toMatchObject({ client: narrow.userId, client_name: 'Restarter', server_id: 'ok' });
    expect(entry?.message).toBe('Ran action "Restart" (sm_restart) on server "Server ok"');
  });

  it('refuses commands that are not one of the server actions', async () => {
    const response = await run('ok', 'rcon_password x', operator);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'UNKNOWN_ACTION' });
    expect((await run('missing', 'sm_restart', operator)).statusCode).toBe(404);
    const lacking = await run('ok', 'sm plugins refresh', operator);
    expect(lacking.statusCode).toBe(409);
    expect(lacking.json()).toMatchObject({
      error: 'ACTION_UNAVAILABLE',
      message: expect.stringContaining('sourcemod'),
    });
    expect(rcon.commands).not.toContain('sm plugins refresh');
    const oversized = await run('ok', 'x'.repeat(600), operator);
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
  });

  it('answers JSON errors for a wrong password, a hanging server and a server without RCON', async () => {
    const refused = await run('wrongpw', 'sm_restart', operator);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ error: 'RCON_AUTH_FAILED' });
    const started = Date.now();
    const timedOut = await run('hangs', 'sm_restart', operator);
    expect(timedOut.statusCode).toBe(504);
    expect(timedOut.json()).toMatchObject({ error: 'RCON_UNREACHABLE' });
    expect(Date.now() - started).toBeLessThan(2000);
    const none = await run('nopw', 'sm_restart', operator);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ error: 'RCON_NOT_CONFIGURED' });
    for (const response of [refused, timedOut, none]) {
      expect(response.body).not.toContain(PASSWORD);
      expect(response.body).not.toContain('not-the-password');
    }
  });

  it('builtin:request_stop refuses while players are online and answers {response} when empty', async () => {
    query.state.players = [{ name: 'Heavy' }, { name: 'Medic' }];
    const refused = await run('ok', 'builtin:request_stop', operator);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('players online');
    expect(rcon.commands).not.toContain('sm_stop_when_empty');
    query.state.players = [];
    const stopped = await run('ok', 'builtin:request_stop', operator);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({ response: 'Server will stop' });
    expect(rcon.commands).toContain('sm_stop_when_empty');
  });
});
