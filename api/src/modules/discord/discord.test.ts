import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slashCommand as command, openStaffRoom, postInteraction, ROOM } from '../../test-support/discord-test-kit';
import { ed25519Pair, type FakeDiscordBot } from '../../test-support/fakes/fake-discord-bot';
import { json } from '../../test-support/players-bans-notes-fixtures';
import type { SignedIn, TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { NOT_LINKED } from './commands';

// Discord as the staff room (issue 26, first part): the signed interactions endpoint, the
// read-only commands acting as the linked Outpost account, and the panel's bot card with
// registration. The commands that write (/note, /ban): discord-write-commands.test.ts.

const ALL_COMMANDS = ['lookup', 'servers', 'note', 'ban', 'unban', 'mute', 'gag', 'warn', 'report'];
const { player: PLAYER, discord: DISCORD } = ROOM;

describe.each(testDatabases())('Discord interactions on $name', (kind) => {
  let t: TestApp;
  let discord: FakeDiscordBot;
  let owner: SignedIn;
  let moderator: SignedIn;
  let member: SignedIn;
  let answered: Awaited<ReturnType<typeof openStaffRoom>>['answered'];
  const interact = (payload: unknown, options: { timestamp?: number; headers?: Record<string, string> } = {}) =>
    postInteraction(t, discord, payload, options);

  beforeAll(async () => {
    ({ t, discord, owner, moderator, member, answered } = await openStaffRoom(kind));
  });
  afterAll(async () => {
    await t?.close();
    await discord?.close();
  });

  it('answers a signed PING with PONG', async () => {
    const response = await interact({ type: 1 });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ type: 1 });
  });

  it('answers 401 to a bad, missing, stale or foreign signature, and to no signature at all', async () => {
    const body = JSON.stringify(command(DISCORD.owner, 'lookup', [{ name: 'player', value: PLAYER }]));
    const good = discord.signedHeaders(body);
    const foreign = ed25519Pair();
    const shapes: [string, Record<string, string>, string][] = [
      ['no headers', { 'content-type': 'application/json' }, body],
      ['a tampered body', good, body.replace('lookup', 'lookuq')],
      [
        'a changed timestamp',
        { ...good, 'x-signature-timestamp': String(Number(good['x-signature-timestamp']) - 1) },
        body,
      ],
      ['a stale signature', discord.signedHeaders(body, { timestamp: Math.floor(Date.now() / 1000) - 600 }), body],
      ['another key', discord.signedHeaders(body, { key: foreign.privateKey }), body],
      ['a garbage signature', { ...good, 'x-signature-ed25519': 'nothex' }, body],
    ];
    for (const [name, headers, payload] of shapes) {
      const response = await t.app.inject({ method: 'POST', url: '/api/discord/interactions', headers, payload });
      expect(response.statusCode, name).toBe(401);
      expect(json(response).error, name).toBe('INVALID_SIGNATURE');
    }
  });

  it('answers 400 to a signed body that is not an interaction', async () => {
    for (const payload of [
      'not json',
      '[]',
      '{"type":"one"}',
      '{"type":2,"member":{"user":{"id":"abc"}}}',
      '{"type":2,"data":{"name":"lookup","options":[{"name":"player","value":"Ell\\u0000is"}]}}',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/discord/interactions',
        headers: discord.signedHeaders(payload),
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(Object.keys(json(response)).sort()).toEqual(['error', 'message']);
    }
  });

  it('looks a player up as the linked account: active ban, notes it may read, profile link, only to the caller', async () => {
    for (const form of [PLAYER, 'STEAM_1:0:11101', '[U:1:22202]', `https://steamcommunity.com/profiles/${PLAYER}`]) {
      const response = await answered(command(DISCORD.owner, 'lookup', [{ name: 'player', value: form }]));
      expect(response.type, form).toBe(5);
      expect(response.data.flags).toBe(64);
      expect(response.data.content).toContain('Wallhack on c2m1');
      expect(response.data.content).toContain('Staff only');
      expect(response.data.content).toContain(`/admin/players/${PLAYER}`);
      expect(response.data.allowed_mentions).toEqual({ parse: [] });
      expect(response.data.content).toMatch(/^\*\*Ellis\*\* — `STEAM_1:0:11101`/);
      expect(response.data.content).toMatch(/Last seen <t:\d+:R>/);
    }
    // The moderator may view players but not staff-only notes.
    const moderatorView = await answered(command(DISCORD.moderator, 'lookup', [{ name: 'player', value: PLAYER }]));
    expect(moderatorView.data.content).toContain('Warned for mic spam');
    expect(moderatorView.data.content).not.toContain('Staff only');
  });

  it('refuses, only to the caller and saying why, an unlinked Discord user and a linked one without players.view', async () => {
    const stranger = await answered(command('299999999999999999', 'lookup', [{ name: 'player', value: PLAYER }]));
    expect(stranger.data).toMatchObject({ content: NOT_LINKED, flags: 64 });
    const noUser = await answered(command(null, 'lookup', [{ name: 'player', value: PLAYER }]));
    expect(noUser.data).toMatchObject({ content: NOT_LINKED, flags: 64 });
    const plain = await answered(command(DISCORD.member, 'lookup', [{ name: 'player', value: PLAYER }]));
    expect(plain.data.flags).toBe(64);
    expect(plain.data.content).toMatch(/players\.view/);
    expect(plain.data.content).not.toContain('Wallhack');
  });

  it('lists the servers for anyone, in the channel', async () => {
    const response = await answered(command(null, 'servers'));
    expect(response.type).toBe(4);
    expect(response.data.flags).toBeUndefined();
    expect(response.data.content).toContain('Versus #1 — offline');
  });

  it('autocompletes player names for those who may look players up, and nobody else', async () => {
    const autocomplete = (discordId: string) =>
      interact({
        type: 4,
        data: { name: 'lookup', options: [{ name: 'player', value: 'Ell', focused: true }] },
        member: { user: { id: discordId } },
      });
    const choices = json(await autocomplete(DISCORD.moderator));
    expect(choices.type).toBe(8);
    expect(choices.data.choices).toEqual([{ name: `Ellis (${PLAYER})`, value: PLAYER }]);
    expect(json(await autocomplete(DISCORD.member)).data.choices).toEqual([]);
  });

  it('says plainly when a command is not one of Outpost’s', async () => {
    const response = await answered(command(DISCORD.owner, 'kick'));
    expect(response.data.flags).toBe(64);
    expect(response.data.content).toMatch(/no \/kick command/);
  });

  it('shows the bot settings to panel.settings only, never the token', async () => {
    const shown = await t.app.inject({ method: 'GET', url: '/api/panel/discord-bot', headers: owner.headers });
    expect(json(shown)).toMatchObject({
      applicationId: discord.applicationId,
      publicKey: discord.publicKeyHex,
      botTokenSet: true,
      interactionsUrl: 'http://outpost.test/api/discord/interactions',
    });
    expect(shown.body).not.toContain(discord.botToken);
    expect((await t.app.inject({ method: 'GET', url: '/api/panel/discord-bot' })).statusCode).toBe(401);
    for (const user of [moderator, member]) {
      for (const request of [
        { method: 'GET' as const, url: '/api/panel/discord-bot' },
        { method: 'PUT' as const, url: '/api/panel/discord-bot', payload: { botToken: null } },
        { method: 'POST' as const, url: '/api/panel/discord-bot/commands' },
      ]) {
        const refused = await t.app.inject({ ...request, headers: user.headers });
        expect(refused.statusCode, `${request.method} ${request.url}`).toBe(403);
      }
    }
    const log = await t.database.db.selectFrom('log_entries').select('message').execute();
    const audit = log
      .map((row) => row.message)
      .find((message) => message.startsWith('changed the Discord bot settings'));
    expect(audit).toContain('"botToken":"set"');
    expect(audit).not.toContain(discord.botToken);
  });

  it('refuses malformed settings with 400', async () => {
    for (const payload of [
      { applicationId: 'abc' },
      { publicKey: 'xyz' },
      { publicKey: 'ab'.repeat(31) },
      { botToken: 'short' },
      { webhook: 'x' },
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/panel/discord-bot',
        headers: owner.headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('registers the commands with Discord with the bot token, and says why when Discord refuses', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/panel/discord-bot/commands',
      headers: owner.headers,
    });
    expect(registered.statusCode).toBe(200);
    expect(json(registered).registered).toEqual(ALL_COMMANDS);
    expect(discord.registrations.at(-1)?.authorization).toBe(`Bot ${discord.botToken}`);
    expect(discord.registrations.at(-1)?.commands.map((command) => command.name)).toEqual(ALL_COMMANDS);
    const shown = json(await t.app.inject({ method: 'GET', url: '/api/panel/discord-bot', headers: owner.headers }));
    expect(shown.commandsRegisteredAt).toBe(json(registered).registeredAt);

    await t.app.inject({
      method: 'PUT',
      url: '/api/panel/discord-bot',
      headers: owner.headers,
      payload: { botToken: 'a-token-discord-never-issued-000000' },
    });
    const wrongToken = await t.app.inject({
      method: 'POST',
      url: '/api/panel/discord-bot/commands',
      headers: owner.headers,
    });
    expect(wrongToken.statusCode).toBe(400);
    expect(json(wrongToken).error).toBe('DISCORD_REFUSED');
    await t.app.inject({
      method: 'PUT',
      url: '/api/panel/discord-bot',
      headers: owner.headers,
      payload: { botToken: null },
    });
    const unset = await t.app.inject({
      method: 'POST',
      url: '/api/panel/discord-bot/commands',
      headers: owner.headers,
    });
    expect(json(unset).error).toBe('NOT_CONFIGURED');
    await t.app.inject({
      method: 'PUT',
      url: '/api/panel/discord-bot',
      headers: owner.headers,
      payload: { botToken: discord.botToken },
    });
  });
});
