import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeA2sServer, startFakeA2sServer } from '../../test-support/fakes/fake-a2s-server';
import { type FakeMinecraftServer, startFakeMinecraftServer } from '../../test-support/fakes/fake-minecraft-server';
import { signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

describe.each(testDatabases())('POST /api/servers/check on $name', (kind) => {
  let t: TestApp;
  let a2s: FakeA2sServer;
  let silent: FakeA2sServer;
  let minecraft: FakeMinecraftServer;
  beforeAll(async () => {
    t = await startTestApp(kind, { POLL_TIMEOUT_MS: '300' });
    a2s = await startFakeA2sServer({ map: 'c5m1_waterfront', maxplayers: 8, players: [{ name: 'Nick' }] });
    silent = await startFakeA2sServer({ mode: 'silent' });
    minecraft = await startFakeMinecraftServer();
  });
  afterAll(async () => {
    await a2s?.close();
    await silent?.close();
    await minecraft?.close();
    await t?.close();
  });

  const check = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/servers/check', headers, payload: payload as object });

  it('answers 401 signed out and 403 without servers.manage', async () => {
    const body = { game: 'l4d2', ip: '127.0.0.1', port: a2s.port };
    expect((await check({ origin: 'http://outpost.test' }, body)).statusCode).toBe(401);
    const member = await signInAs(t);
    expect((await check(member.headers, body)).statusCode).toBe(403);
  });

  it('reports a live source server with its map and players, and stores nothing', async () => {
    const staff = await signInAs(t, { codes: ['servers.manage'] });
    const before = await t.database.db.selectFrom('servers').select('id').execute();
    const response = await check(staff.headers, { game: 'l4d2', ip: '127.0.0.1', port: a2s.port });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      online: true,
      message: null,
      data: { map: 'c5m1_waterfront', maxplayers: 8 },
    });
    expect(response.json().data.players).toEqual([expect.objectContaining({ name: 'Nick' })]);
    expect(await t.database.db.selectFrom('servers').select('id').execute()).toEqual(before);
  });

  it('says when a server stays silent, and pings minecraft with Server List Ping', async () => {
    const staff = await signInAs(t, { codes: ['servers.manage'] });
    const quiet = await check(staff.headers, { game: 'tf2', ip: '127.0.0.1', port: silent.port });
    expect(quiet.json()).toEqual({ online: false, data: null, message: 'No answer within 300 ms' });
    const mc = await check(staff.headers, { game: 'minecraft', ip: '127.0.0.1', port: minecraft.port });
    expect(mc.json().online).toBe(true);
  });

  it('refuses malformed input with a 4xx JSON error', async () => {
    const staff = await signInAs(t, { codes: ['servers.manage'] });
    for (const body of [
      { game: 'quake', ip: '127.0.0.1', port: 1 },
      { game: 'l4d2', ip: '', port: 1 },
      { game: 'l4d2', ip: 'x', port: 70000 },
    ]) {
      const response = await check(staff.headers, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('VALIDATION_FAILED');
    }
  });
});
