import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/in-transaction';
import type { FakeRconServer } from '../../test-support/fakes/fake-rcon-server';
import {
  CommandPlugin,
  issueToken,
  markConnected,
  openEnforcementWorld,
  openInstance,
  until,
} from '../../test-support/game-commands-kit';
import { json } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { playersBansNotesService } from '../players-bans-notes';

// Enforcement within seconds (issue 25 item 2): a ban or comm block made or lifted on the web
// reaches every server where the player is connected: the plugin's command channel (held by a
// fake plugin over HTTP) where the server has a token, else RCON (a fake RCON server).

const ALICE = '76561197960287930'; // STEAM_1:0:11101
const BOB = '76561197962734863';
const ENV = { GAME_COMMAND_REDELIVER_SECONDS: '1', RCON_TIMEOUT_MS: '2000' };

describe.each(testDatabases())('enforcement on $name', (kind) => {
  let url: string;
  let drop: () => Promise<void>;
  let t: TestApp & { baseUrl: string };
  let staff: SignedIn;
  let plugin: CommandPlugin;
  let rcon: FakeRconServer;

  const web = (method: 'POST', path: string, payload: unknown) =>
    t.app.inject({ method, url: `/api${path}`, headers: staff.headers, payload: payload as object });
  const blockFor10Minutes = (type: 'gag' | 'mute', steamid: string, reason: string, scope: object) =>
    web('POST', '/bans', { type, steamid, reason, length: 600, scope });
  const connect = (on: CommandPlugin, steamid: string, name: string) =>
    on.postEvents([CommandPlugin.event('connect', { steamid, name, ip: '198.51.100.7' })]);

  beforeAll(async () => {
    ({ url, drop } = await kind.create());
    ({ t, rcon, plugin } = await openEnforcementWorld(url, ENV, [['neither', 'Neither']]));
    await t.database.db.updateTable('servers').set({ rcon_password: null }).where('id', '=', 'neither').execute();
    staff = await signInAs(t, { name: 'Staff', codes: ['bans.*', 'players.view'], flags: 'bcdz', immunity: 90 });
    // Alice plays on all three (the servers without a plugin: a connect recorded by the presence code).
    expect((await connect(plugin, ALICE, 'Alice')).status).toBe(200);
    for (const serverId of ['rcononly', 'neither']) await markConnected(t, serverId, ALICE);
  });
  afterAll(async () => {
    await t?.close();
    await rcon?.close();
    await drop?.();
  });

  it('kicks a player banned on the web from every server they are on, within seconds', async () => {
    const held = plugin.poll(20);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = rcon.commands.length;
    const started = performance.now();
    const created = await web('POST', '/bans', { steamid: ALICE, reason: 'Aimbot "pro"; quit', length: 3600 });
    expect(created.statusCode).toBe(201);
    const banId = json(created).id;
    const answer = await held;
    const pluginMs = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(answer.body.commands).toEqual([
      expect.objectContaining({
        kind: 'ban',
        steamid: ALICE,
        steam2: 'STEAM_1:0:11101',
        banId,
        reason: 'Aimbot "pro"; quit',
        message: expect.stringMatching(
          new RegExp(`^You are banned from this server \\(until .+\\)\\. Reason: Aimbot "pro"; quit\\. Ban #${banId}$`),
        ),
      }),
    ]);
    const command = await until(() => rcon.commands.slice(before).find((line) => line.startsWith('kickid')));
    const rconMs = performance.now() - started;
    // The reason cannot end the quoted argument nor chain a second command.
    expect(command).toMatch(
      /^kickid STEAM_1:0:11101 "You are banned from this server \(until [^"]+\)\. Reason: Aimbot pro quit\. Ban #\d+"$/,
    );
    expect(pluginMs).toBeLessThan(2000);
    expect(rconMs).toBeLessThan(2000);
    console.info(
      `[enforcement] web ban -> plugin command ${pluginMs.toFixed(0)} ms, -> RCON kickid ${rconMs.toFixed(0)} ms`,
    );
    await plugin.ack(answer.body.commands.map((c: { id: number }) => c.id));
    // "neither" had no way to be told; nothing was queued for it.
    const queued = await t.database.db
      .selectFrom('game_commands')
      .select('server_id')
      .where('steamid', '=', ALICE)
      .execute();
    expect(queued.map((row) => row.server_id)).toEqual(['withplugin']);
  });

  it('mutes and unmutes through the plugin and over RCON (sm_mute / sm_unmute by #steamid)', async () => {
    const before = rcon.commands.length;
    const created = await web('POST', '/bans', { type: 'mute', steamid: ALICE, reason: 'Mic spam', length: 600 });
    expect(created.statusCode).toBe(201);
    const muted = await plugin.poll(5);
    expect(muted.body.commands).toEqual([
      expect.objectContaining({
        kind: 'mute',
        banId: json(created).id,
        message: expect.stringContaining('You are muted'),
      }),
    ]);
    await plugin.ack(muted.body.commands.map((c: { id: number }) => c.id));
    await until(() => rcon.commands.slice(before).find((line) => line === 'sm_mute "#STEAM_1:0:11101"'));

    const lifted = await web('POST', `/bans/${json(created).id}/unban`, { reason: 'Sorry' });
    expect(lifted.statusCode).toBe(200);
    const unmuted = await plugin.poll(5);
    expect(unmuted.body.commands).toEqual([expect.objectContaining({ kind: 'unmute', banId: json(created).id })]);
    await plugin.ack(unmuted.body.commands.map((c: { id: number }) => c.id));
    await until(() => rcon.commands.slice(before).find((line) => line === 'sm_unmute "#STEAM_1:0:11101"'));
  });

  it('leaves servers alone where the player is not connected, or only by a stale connect', async () => {
    await connect(plugin, BOB, 'Bob');
    await plugin.postEvents([CommandPlugin.event('disconnect', { steamid: BOB, name: 'Bob', reason: 'bye' })]);
    await markConnected(t, 'rcononly', BOB, 13 * 3600);
    const before = rcon.commands.length;
    expect((await web('POST', '/bans', { steamid: BOB, reason: 'Left already', length: 60 })).statusCode).toBe(201);
    expect((await plugin.poll(1)).status).toBe(204);
    expect(rcon.commands.slice(before)).toEqual([]);
  });

  it('queues for a plugin that is not listening: it gets the command when it comes back', async () => {
    const carol = '76561197960265731';
    await connect(plugin, carol, 'Carol');
    const created = await web('POST', '/bans', { type: 'gag', steamid: carol, reason: 'Spam', length: null });
    expect(created.statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answer = await plugin.poll(0);
    expect(answer.body.commands).toEqual([expect.objectContaining({ kind: 'gag', expiresAt: null, steamid: carol })]);
    await plugin.ack(answer.body.commands.map((c: { id: number }) => c.id));
  });

  it('acts on a ban made in game on another server too', async () => {
    const erin = '76561197960265735';
    await connect(plugin, erin, 'Erin');
    const other = new CommandPlugin(t.baseUrl, await issueToken(t, 'neither'));
    const banned = await other.call('POST', '/bans', { steamid: erin, reason: 'Griefing', length: 600 });
    expect(banned.status).toBe(201);
    const answer = await plugin.poll(5);
    expect(answer.body.commands).toEqual([
      expect.objectContaining({ kind: 'ban', steamid: erin, banId: banned.body.id }),
    ]);
    await plugin.ack(answer.body.commands.map((c: { id: number }) => c.id));
  });

  it('acts only on the servers the scope covers (issue 25 item 3): a server, a group', async () => {
    const frank = '76561197960265737';
    await connect(plugin, frank, 'Frank');
    await markConnected(t, 'rcononly', frank);
    const before = rcon.commands.length;
    // Held to the RCON server: kicked there, nothing queued for the plugin's server.
    const onRcon = await blockFor10Minutes('gag', frank, 'Spam there', { kind: 'server', serverId: 'rcononly' });
    expect(onRcon.statusCode, onRcon.body).toBe(201);
    await until(() => rcon.commands.slice(before).find((line) => line === 'sm_gag "#STEAM_1:1:4"'));
    expect((await plugin.poll(1)).status).toBe(204);
    // Held to the plugin server's group: the plugin acts, RCON hears nothing more.
    const rconBefore = rcon.commands.length;
    const onGroup = await blockFor10Minutes('mute', frank, 'Mic spam here', { kind: 'group', groupId: 'g-withplugin' });
    expect(onGroup.statusCode, onGroup.body).toBe(201);
    const answer = await plugin.poll(5);
    expect(answer.body.commands).toEqual([expect.objectContaining({ kind: 'mute', banId: json(onGroup).id })]);
    await plugin.ack(answer.body.commands.map((c: { id: number }) => c.id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(rcon.commands.slice(rconBefore)).toEqual([]);
  });

  it("acts on many changes announced at once (a federation page): each on its own player's servers", async () => {
    // Announced together, they are looked up together (one statement per 500 players).
    const george = '76561197960265739'; // STEAM_1:1:5
    const hank = '76561197960265741'; // STEAM_1:1:6
    const ivy = '76561197960265743'; // connected nowhere
    await connect(plugin, george, 'George');
    await markConnected(t, 'rcononly', hank);
    const before = rcon.commands.length;
    const db = t.database.db;
    const bans = await inTransaction(db, (trx) =>
      playersBansNotesService.createBans(
        trx,
        [george, hank, ivy].map((steamid) => ({ type: 'ban' as const, steamid, reason: 'Cheating', length: null })),
        { id: null, name: 'Federation: Elsewhere' },
      ),
    );
    await playersBansNotesService.announceRestrictions(
      db,
      bans.map((ban) => ({ banId: Number(ban.id), action: 'created' as const })),
    );
    const answer = await plugin.poll(5);
    expect(answer.body.commands).toEqual([
      expect.objectContaining({ kind: 'ban', steamid: george, banId: Number(bans[0]?.id) }),
    ]);
    await plugin.ack(answer.body.commands.map((c: { id: number }) => c.id));
    await until(() => rcon.commands.slice(before).find((line) => line.startsWith('kickid STEAM_1:1:6 ')));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(rcon.commands.slice(before).filter((line) => line.startsWith('kickid'))).toHaveLength(1);
  });

  if (kind.name === 'postgres') {
    it('wakes the long-poll held on instance B for a ban made on instance A', async () => {
      const b = await openInstance(url, ENV);
      try {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const onB = new CommandPlugin(b.baseUrl, plugin.token);
        const dave = '76561197960265733';
        await connect(onB, dave, 'Dave');
        const held = onB.poll(20);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const started = performance.now();
        expect((await web('POST', '/bans', { steamid: dave, reason: 'Wallhack', length: 3600 })).statusCode).toBe(201);
        const answer = await held;
        const ms = performance.now() - started;
        expect(answer.status).toBe(200);
        expect(answer.body.commands).toEqual([expect.objectContaining({ kind: 'ban', steamid: dave })]);
        expect(ms).toBeLessThan(2000);
        console.info(`[enforcement] ban on A -> long-poll on B ${ms.toFixed(0)} ms`);
        await onB.ack(answer.body.commands.map((c: { id: number }) => c.id));
      } finally {
        await b.close();
      }
    });
  }
});
