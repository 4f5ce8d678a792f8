import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandOptions, linkDiscord, saveDiscordBot } from '../../test-support/discord-test-kit';
import { type FakeDiscordBot, startFakeDiscordBot } from '../../test-support/fakes/fake-discord-bot';
import { type FakeRconServer, startFakeRconServer } from '../../test-support/fakes/fake-rcon-server';
import { json, seedServer } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { playersBansNotesService } from '../players-bans-notes';
import { DEFERRED_FAILURE } from './interactions-routes';

// Deferred answers (issue 26 item 1): a command whose work may outlast Discord's 3 s answers
// type 5 (only the caller sees it) at once; its result then edits that message through the
// interaction's token. A slow game server (a fake RCON server that reads nothing until the test
// lets it) proves the answer did not wait for the work; the fake Discord records the edit.

const ALICE = '76561197960287930';
const MOD_DISCORD = '220000000000000002';

async function until<T>(read: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDatabases())('deferred Discord answers on $name', (kind) => {
  let t: TestApp;
  let discord: FakeDiscordBot;
  let rcon: FakeRconServer;
  let mod: SignedIn;
  let tokens = 0;

  const send = (name: string, options: Record<string, string>) => {
    const token = `deferred-token-${++tokens}.with/odd+characters`;
    const body = JSON.stringify({
      type: 2,
      id: '320000000000000001',
      application_id: discord.applicationId,
      token,
      data: { name, options: commandOptions(options) },
      member: { user: { id: MOD_DISCORD } },
    });
    return {
      token,
      response: t.app.inject({
        method: 'POST',
        url: '/api/discord/interactions',
        payload: body,
        headers: discord.signedHeaders(body),
      }),
    };
  };

  beforeAll(async () => {
    discord = await startFakeDiscordBot();
    rcon = await startFakeRconServer({ password: 'rcon-pass', responses: { kickid: '' } });
    t = await startTestApp(kind, { DISCORD_API_URL: discord.apiUrl, RCON_TIMEOUT_MS: '20000' });
    const owner = await signInAs(t, { name: 'Owner', flags: 'z' });
    mod = await signInAs(t, {
      name: 'Mod',
      codes: ['players.view', 'bans.create', 'bans.unban'],
      immunity: 10,
    });
    await linkDiscord(t, mod.userId, MOD_DISCORD);
    await saveDiscordBot(t, owner, discord);
    // Alice plays on a server Outpost reaches over RCON only.
    await seedServer(t, 'slow', 'Slow & Steady');
    await t.database.db
      .updateTable('servers')
      .set({ ip: '127.0.0.1', rcon_port: rcon.port, rcon_password: 'rcon-pass' })
      .where('id', '=', 'slow')
      .execute();
    const now = Math.floor(Date.now() / 1000);
    await playersBansNotesService.recordSeen(t.database.db, ALICE, 'Alice', now - 60);
    await t.database.db
      .insertInto('player_servers')
      .values({ steamid: ALICE, server_id: 'slow', first_seen: 1, last_seen: now, connected_at: now - 60 })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    await rcon?.close();
    await discord?.close();
  });

  it('/ban answers type 5 while the game server is still silent, then edits it with the ban and the servers told', async () => {
    let release = () => {};
    rcon.state.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { token, response } = send('ban', { player: ALICE, length: '1d', reason: 'Aimbot' });
    const answer = await response;
    expect(answer.statusCode).toBe(200);
    expect(json(answer)).toEqual({ type: 5, data: { flags: 64 } });
    // The ban gets stored, but the server is not heard and nothing is said to Discord while it is silent.
    const ban = await until(() =>
      t.database.db
        .selectFrom('bans')
        .select('id')
        .where('steamid', '=', ALICE)
        .where('unbanned_at', 'is', null)
        .executeTakeFirst(),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rcon.commands).toEqual([]);
    expect(discord.followUps.filter((entry) => entry.token === token)).toEqual([]);

    release();
    rcon.state.gate = undefined;
    const content = await discord.followUpOf(token, 15_000);
    expect(content).toMatch(/^Banned \*\*Alice\*\* \(`76561197960287930`\) for 1 day — Aimbot — ban #\d+/);
    expect(content).toContain(`ban #${ban.id}`);
    expect(content).toContain('Servers told now: Slow & Steady (RCON).');
    expect(rcon.commands.some((line) => line.startsWith('kickid STEAM_1:0:11101'))).toBe(true);
    const edit = discord.followUps.find((entry) => entry.token === token);
    // The token authorizes the edit: the bot token never goes with it; names never ping.
    expect(edit).toMatchObject({ applicationId: discord.applicationId, authorization: undefined });
    expect(edit?.body).toMatchObject({ allowed_mentions: { parse: [] } });
    expect(discord.calls.find((call) => call.path.includes(encodeURIComponent(token)))?.path).toBe(
      `/webhooks/${discord.applicationId}/${encodeURIComponent(token)}/messages/@original`,
    );
  });

  it('/unban follows up too, and waits out a 429 on the edit as Discord asks', async () => {
    discord.rateLimitNext(1, 0.05);
    const { token, response } = send('unban', { player: ALICE, reason: 'Appeal accepted' });
    expect(json(await response)).toEqual({ type: 5, data: { flags: 64 } });
    const content = await discord.followUpOf(token, 15_000);
    expect(content).toMatch(/^Lifted ban #\d+ on \*\*Alice\*\*/);
    // A lifted ban has nothing to say over RCON (the next connect is checked).
    expect(content).toContain('No server they are connected to could be told now');
    const edits = discord.calls.filter((call) => call.path.includes(encodeURIComponent(token)));
    expect(edits.map((call) => call.status)).toEqual([429, 200]);
  });

  it('a refusal arrives the same way, and /servers and /note still answer at once', async () => {
    const { token, response } = send('mute', { player: ALICE, length: 'forever', reason: 'Spam' });
    expect(json(await response).type).toBe(5);
    expect(await discord.followUpOf(token)).toMatch(/not one of \/mute's lengths/);
    const servers = send('servers', {});
    const listed = json(await servers.response);
    expect(listed.type).toBe(4);
    expect(listed.data.content).toContain('Slow & Steady');
  });

  it('a failure on our side edits the answer with a plain error instead of leaving Discord thinking', async () => {
    // A real failure of the work: the notes table is gone while /lookup reads it.
    await t.database.db.schema.alterTable('notes').renameTo('notes_away').execute();
    try {
      const { token, response } = send('lookup', { player: ALICE });
      expect(json(await response)).toEqual({ type: 5, data: { flags: 64 } });
      expect(await discord.followUpOf(token)).toBe(DEFERRED_FAILURE('lookup'));
    } finally {
      await t.database.db.schema.alterTable('notes_away').renameTo('notes').execute();
    }
  });
});
