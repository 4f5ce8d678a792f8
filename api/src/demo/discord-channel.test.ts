import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playersBansNotesService } from '../modules/players-bans-notes';
import { type FakeDiscordBot, startFakeDiscordBot } from '../test-support/fakes/fake-discord-bot';
import { json } from '../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../test-support/test-app';
import { testDatabases } from '../test-support/test-databases';
import { parseSlashCommand, registerDemoDiscordRoute, setUpDemoDiscord } from './discord-channel';

// The demo's Discord channel (issue 26 item 6): a typed slash command goes to the real
// interactions endpoint signed with the demo application's key, as Demo moderator's Discord
// account; the page gets what Discord would show, a deferred answer's follow-up included.

const PLAYER = '76561197960287930';

it('reads a typed command as Discord’s message box does: named options, or the first option unnamed', () => {
  expect(parseSlashCommand('/lookup Ellis')).toEqual({ name: 'lookup', options: [{ name: 'player', value: 'Ellis' }] });
  expect(parseSlashCommand(' /ban player: Ellis length: 1d reason: Aimbot: obvious ')).toEqual({
    name: 'ban',
    options: [
      { name: 'player', value: 'Ellis' },
      { name: 'length', value: '1d' },
      { name: 'reason', value: 'Aimbot: obvious' },
    ],
  });
  expect(parseSlashCommand('/note player: Ellis text: kind public: yes')).toEqual({
    name: 'note',
    options: [
      { name: 'player', value: 'Ellis' },
      { name: 'text', value: 'kind' },
      { name: 'public', value: true },
    ],
  });
  expect(parseSlashCommand('/servers please')).toEqual({ name: 'servers', options: [] });
  expect(parseSlashCommand('lookup Ellis')).toHaveProperty('problem');
});

describe.each(testDatabases())('the demo Discord channel on $name', (kind) => {
  let t: TestApp;
  let discord: FakeDiscordBot;
  let moderator: SignedIn;
  let member: SignedIn;

  const type = (who: SignedIn | null, command: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/demo/discord',
      headers: who?.headers ?? {},
      payload: { command },
    });

  beforeAll(async () => {
    discord = await startFakeDiscordBot();
    t = await startTestApp(kind, { DISCORD_API_URL: discord.apiUrl, DEMO_MODE: 'true' }, (app) =>
      registerDemoDiscordRoute(app, discord),
    );
    moderator = await signInAs(t, { name: 'Demo Moderator', codes: ['players.view', 'bans.create'], immunity: 10 });
    member = await signInAs(t, { name: 'Demo Member' });
    await setUpDemoDiscord(t.database.db, discord, moderator.userId);
    await playersBansNotesService.recordSeen(t.database.db, PLAYER, 'Ellis', Math.floor(Date.now() / 1000) - 60);
  });
  afterAll(async () => {
    await t?.close();
    await discord?.close();
  });

  it('answers /servers directly, in the channel', async () => {
    const answered = await type(member, '/servers');
    expect(answered.statusCode).toBe(200);
    expect(json(answered)).toEqual({ content: 'No servers are listed yet.', ephemeral: false, deferred: false });
  });

  it('a deferred /lookup and /ban arrive as their follow-ups, as Demo moderator, whoever typed them', async () => {
    const lookup = json(await type(member, '/lookup Ellis'));
    expect(lookup).toMatchObject({ ephemeral: true, deferred: true });
    expect(lookup.content).toMatch(/^\*\*Ellis\*\* — `STEAM_1:0:11101`/);
    const ban = json(await type(member, '/ban player: Ellis length: 1d reason: Aimbot'));
    expect(ban.content).toMatch(/^Banned \*\*Ellis\*\*/);
    const row = await t.database.db.selectFrom('bans').select(['admin_id', 'reason']).executeTakeFirstOrThrow();
    expect(row).toEqual({ admin_id: moderator.userId, reason: 'Aimbot' });
    expect(discord.followUps.length).toBe(2);
  });

  it('refuses a signed-out visitor (401) and text that is not a command (400)', async () => {
    const anonymous = await type(null, '/servers');
    expect(anonymous.statusCode).toBe(401);
    const notCommand = await type(member, 'hello');
    expect(notCommand.statusCode).toBe(400);
    expect(json(notCommand).error).toBe('NOT_A_COMMAND');
    const empty = await type(member, '   ');
    expect(empty.statusCode).toBe(400);
  });
});
