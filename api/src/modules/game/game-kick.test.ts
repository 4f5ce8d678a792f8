import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeRconServer } from '../../test-support/fakes/fake-rcon-server';
import { CommandPlugin, markConnected, openEnforcementWorld } from '../../test-support/game-commands-kit';
import { json } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// Kick from the web (issue 25 item 2): staff with players.kick kick a connected player with a
// reason, through the plugin's command channel (a fake plugin over HTTP) or RCON (a fake RCON
// server); audited; refused without the permission, for a more immune target, for a player
// not connected there, and for bad ids, each with several shapes.

const ALICE = '76561197960287930'; // STEAM_1:0:11101
const BOSS = '76561197960265740'; // staff, immunity 80
const PEER = '76561197960265741'; // staff, immunity 50 (same as the kicker)
const GONE = '76561197960265742'; // left again
const ENV = { GAME_COMMAND_REDELIVER_SECONDS: '1', RCON_TIMEOUT_MS: '1000' };

describe.each(testDatabases())('kick from the web on $name', (kind) => {
  let drop: () => Promise<void>;
  let t: TestApp & { baseUrl: string };
  let kicker: SignedIn;
  let plugin: CommandPlugin;
  let rcon: FakeRconServer;

  const kick = (serverId: string, body: object, who: SignedIn | null = kicker) =>
    t.app.inject({
      method: 'POST',
      url: `/api/game-presence/${serverId}/kick`,
      headers: who?.headers,
      payload: body,
    });
  const kickLines = async () =>
    (
      await t.database.db
        .selectFrom('log_entries')
        .select(['message', 'target', 'server_id'])
        .where('message', 'like', 'kicked %')
        .orderBy('id')
        .execute()
    ).map((row) => ({ message: row.message, target: row.target, serverId: row.server_id }));

  beforeAll(async () => {
    let url: string;
    ({ url, drop } = await kind.create());
    ({ t, rcon, plugin } = await openEnforcementWorld(url, ENV, [
      ['neither', 'Neither'],
      ['deadrcon', 'Dead RCON'],
    ]));
    // Nothing listens on port 9 of loopback: RCON fails at once.
    await t.database.db
      .updateTable('servers')
      .set({ ip: '127.0.0.1', rcon_port: 9, rcon_password: 'x' })
      .where('id', '=', 'deadrcon')
      .execute();
    await t.database.db.updateTable('servers').set({ rcon_password: null }).where('id', '=', 'neither').execute();
    kicker = await signInAs(t, { name: 'Kicker', codes: ['players.kick', 'players.view'], immunity: 50 });
    await signInAs(t, { name: 'Boss', steamid: BOSS, codes: ['bans.*'], immunity: 80 });
    await signInAs(t, { name: 'Peer', steamid: PEER, codes: ['bans.*'], immunity: 50 });
    const joined = await plugin.postEvents([
      CommandPlugin.event('connect', { steamid: ALICE, name: 'Alice', ip: '198.51.100.7' }),
      CommandPlugin.event('connect', { steamid: BOSS, name: 'Boss', ip: '198.51.100.8' }),
      CommandPlugin.event('connect', { steamid: PEER, name: 'Peer', ip: '198.51.100.9' }),
      CommandPlugin.event('connect', { steamid: GONE, name: 'Gone', ip: '198.51.100.10' }),
      CommandPlugin.event('disconnect', { steamid: GONE, name: 'Gone', reason: 'bye' }),
    ]);
    expect(joined.status).toBe(200);
    for (const serverId of ['rcononly', 'neither', 'deadrcon']) await markConnected(t, serverId, ALICE, 60);
  });
  afterAll(async () => {
    await t?.close();
    await rcon?.close();
    await drop?.();
  });

  it('kicks through the plugin channel with the reason, any Steam id form, and audits it', async () => {
    const held = plugin.poll(20);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    const kicked = await kick('withplugin', { steamid: 'STEAM_1:0:11101', reason: 'AFK "again"; sorry' });
    expect(kicked.statusCode, kicked.body).toBe(200);
    expect(json(kicked)).toEqual({
      serverId: 'withplugin',
      steamid: ALICE,
      via: 'plugin',
      commandId: expect.any(Number),
    });
    const answer = await held;
    expect(performance.now() - started).toBeLessThan(2000);
    expect(answer.body.commands).toEqual([
      expect.objectContaining({
        id: json(kicked).commandId,
        kind: 'kick',
        steamid: ALICE,
        steam2: 'STEAM_1:0:11101',
        reason: 'AFK "again"; sorry',
        banId: null,
        message: 'Kicked by an admin. Reason: AFK "again"; sorry',
      }),
    ]);
    await plugin.ack(answer.body.commands.map((c: { id: number }) => c.id));
    expect(await kickLines()).toEqual([
      { message: 'kicked Alice from With plugin (reason "AFK "again"; sorry")', target: ALICE, serverId: 'withplugin' },
    ]);
  });

  it('kicks over RCON (kickid) where the server has no token; the reason cannot chain a command', async () => {
    const before = rcon.commands.length;
    const kicked = await kick('rcononly', { steamid: ALICE, reason: 'Spam; quit' });
    expect(kicked.statusCode, kicked.body).toBe(200);
    expect(json(kicked)).toMatchObject({ via: 'rcon', commandId: null });
    expect(rcon.commands.slice(before)).toEqual(['kickid STEAM_1:0:11101 "Kicked by an admin. Reason: Spam quit"']);
    expect((await kickLines()).at(-1)?.message).toBe(`kicked ${ALICE} from RCON only (reason "Spam; quit") over RCON`);
  });

  it('refuses without the permission: anonymous 401, signed in without players.kick 403', async () => {
    const lines = (await kickLines()).length;
    expect((await kick('withplugin', { steamid: ALICE, reason: 'x' }, null)).statusCode).toBe(401);
    for (const codes of [[], ['players.view'], ['bans.*', 'warnings.*']]) {
      const someone = await signInAs(t, { name: `No kick ${codes.join()}`, codes, immunity: 99 });
      const refused = await kick('withplugin', { steamid: ALICE, reason: 'x' }, someone);
      expect(refused.statusCode).toBe(403);
      expect(json(refused).error).toBe('FORBIDDEN');
    }
    expect(await kickLines()).toHaveLength(lines);
    expect((await plugin.poll(0)).status).toBe(204);
  });

  it('refuses a target of higher or equal immunity (act-on rule), whatever the id form', async () => {
    for (const steamid of [BOSS, 'STEAM_1:0:6', '[U:1:12]', PEER]) {
      const refused = await kick('withplugin', { steamid, reason: 'x' });
      expect(refused.statusCode, steamid).toBe(403);
      expect(json(refused).error).toBe('TARGET_IMMUNE');
    }
    expect((await plugin.poll(0)).status).toBe(204);
  });

  it('refuses a player not connected there: never seen, left, stale connect, or on another server', async () => {
    await markConnected(t, 'rcononly', PEER.replace(/1$/, '3'), 13 * 3600);
    const cases: [string, string][] = [
      ['withplugin', '76561197960265799'],
      ['withplugin', GONE],
      ['rcononly', '76561197960265743'],
      ['rcononly', BOSS.replace(/0$/, '4')],
    ];
    for (const [serverId, steamid] of cases) {
      const refused = await kick(serverId, { steamid, reason: 'x' });
      expect(refused.statusCode, `${serverId} ${steamid}`).toBe(409);
      expect(json(refused).error).toBe('NOT_CONNECTED');
    }
    expect((await plugin.poll(0)).status).toBe(204);
  });

  it('answers 400 for bad ids and reasons, 404 for an unknown server', async () => {
    for (const body of [
      { steamid: 'not-a-steam-id', reason: 'x' },
      { steamid: '', reason: 'x' },
      { steamid: 42, reason: 'x' },
      { steamid: ALICE, reason: '   ' },
      { steamid: ALICE, reason: 'x'.repeat(201) },
      { steamid: ALICE },
    ]) {
      const refused = await kick('withplugin', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(refused)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const unknown = await kick('no-such-server', { steamid: ALICE, reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect((await kick('x'.repeat(65), { steamid: ALICE, reason: 'x' })).statusCode).toBe(400);
    expect((await plugin.poll(0)).status).toBe(204);
  });

  it('says so when the server cannot be reached: 409 with neither way, 502 when RCON fails', async () => {
    const lines = (await kickLines()).length;
    const neither = await kick('neither', { steamid: ALICE, reason: 'x' });
    expect(neither.statusCode).toBe(409);
    expect(json(neither).error).toBe('SERVER_UNREACHABLE');
    const dead = await kick('deadrcon', { steamid: ALICE, reason: 'x' });
    expect(dead.statusCode).toBe(502);
    expect(json(dead).error).toBe('RCON_FAILED');
    expect(await kickLines()).toHaveLength(lines);
  });
});
