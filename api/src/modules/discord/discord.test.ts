import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ed25519Pair, type FakeDiscordBot, startFakeDiscordBot } from '../../test-support/fakes/fake-discord-bot';
import { json, seedServer } from '../../test-support/players-bans-notes-fixtures';
import { ageProof, enrolTotp } from '../../test-support/second-factor';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { playersBansNotesService } from '../players-bans-notes';
import { NOT_LINKED } from './commands';

// Discord as the staff room (issue 26, first part): the signed interactions endpoint, the
// commands acting as the linked Outpost account, and the panel's bot card with registration.

const ALL_COMMANDS = ['lookup', 'servers', 'note', 'ban', 'unban', 'mute', 'gag', 'warn', 'report'];
const PLAYER = '76561197960287930';
const DISCORD = {
  owner: '200000000000000001',
  moderator: '200000000000000002',
  member: '200000000000000003',
  guarded: '200000000000000004',
};
/** A staff member with a higher immunity than the moderator's, and a player to ban. */
const SENIOR_STEAMID = '76561197960265733';
const TARGET = '76561197960265999';

describe.each(testDatabases())('Discord interactions on $name', (kind) => {
  let t: TestApp;
  let discord: FakeDiscordBot;
  let owner: SignedIn;
  let moderator: SignedIn;
  let member: SignedIn;
  let guarded: SignedIn;

  const link = async (user: SignedIn, discordId: string) => {
    await t.database.db
      .insertInto('provider_links')
      .values({
        user_id: user.userId,
        provider: 'discord',
        provider_user_id: discordId,
        username: `user-${discordId}`,
        avatar_url: null,
        access_token: 'not-used',
        refresh_token: null,
        expires_at: 0,
        expired: 0,
        created_at: 1,
      })
      .execute();
  };

  const interact = (payload: unknown, options: { timestamp?: number; headers?: Record<string, string> } = {}) => {
    const body = JSON.stringify(payload);
    return t.app.inject({
      method: 'POST',
      url: '/api/discord/interactions',
      payload: body,
      headers: { ...discord.signedHeaders(body, { timestamp: options.timestamp }), ...(options.headers ?? {}) },
    });
  };

  let tokens = 0;
  const command = (discordId: string | null, name: string, options: { name: string; value: unknown }[] = []) => ({
    type: 2,
    id: '300000000000000001',
    token: `interaction-token-${++tokens}`,
    data: { name, options },
    ...(discordId ? { member: { user: { id: discordId } } } : {}),
  });

  /** What the caller sees: the answer, or a deferred one's follow-up (through the fake Discord). */
  const answered = async (payload: ReturnType<typeof command>) => {
    const response = await interact(payload);
    expect(response.statusCode).toBe(200);
    return discord.seen(json(response), payload.token);
  };

  beforeAll(async () => {
    discord = await startFakeDiscordBot();
    t = await startTestApp(kind, { DISCORD_API_URL: discord.apiUrl });
    owner = await signInAs(t, { name: 'Owner', flags: 'z' });
    moderator = await signInAs(t, {
      name: 'Moderator',
      codes: ['players.view', 'bans.create', 'notes.create'],
      immunity: 10,
    });
    await signInAs(t, { name: 'Senior', steamid: SENIOR_STEAMID, codes: ['bans.create'], immunity: 50 });
    guarded = await signInAs(t, { name: 'Guarded', codes: ['players.view', 'bans.create'], immunity: 10 });
    member = await signInAs(t, { name: 'Member' });
    await link(owner, DISCORD.owner);
    await link(moderator, DISCORD.moderator);
    await link(member, DISCORD.member);
    await link(guarded, DISCORD.guarded);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/panel/discord-bot',
      headers: owner.headers,
      payload: { applicationId: discord.applicationId, publicKey: discord.publicKeyHex, botToken: discord.botToken },
    });
    expect(saved.statusCode).toBe(200);
    await seedServer(t, 's1', 'Versus #1');
    await playersBansNotesService.recordSeen(t.database.db, PLAYER, 'Ellis', Math.floor(Date.now() / 1000) - 3600);
    // The player, seen on a server, with a ban and two notes (one staff-only).
    await t.app.inject({
      method: 'POST',
      url: '/api/bans',
      headers: owner.headers,
      payload: { steamid: PLAYER, playerName: 'Ellis', reason: 'Wallhack on c2m1', length: 86_400 },
    });
    for (const [body, isPublic] of [
      ['Warned for mic spam', true],
      ['Staff only: alt of a banned player', false],
    ] as const)
      await t.app.inject({
        method: 'POST',
        url: '/api/notes',
        headers: owner.headers,
        payload: { steamid: PLAYER, body, isPublic },
      });
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

  const auditLines = async () =>
    (await t.database.db.selectFrom('log_entries').select('message').execute()).map((row) => row.message);
  const banOptions = (player: string, length: string, reason: string) => [
    { name: 'player', value: player },
    { name: 'length', value: length },
    { name: 'reason', value: reason },
  ];

  it('/note and /ban refuse an unlinked user and one without notes.create / bans.create, writing nothing', async () => {
    const before = await t.database.db.selectFrom('bans').select('id').execute();
    for (const [name, options] of [
      [
        'note',
        [
          { name: 'player', value: TARGET },
          { name: 'text', value: 'Hi' },
        ],
      ],
      ['ban', banOptions(TARGET, '1d', 'Aimbot')],
    ] as const) {
      const stranger = await answered(command('299999999999999999', name, [...options]));
      expect(stranger.data, name).toMatchObject({ content: NOT_LINKED, flags: 64 });
      const plain = await answered(command(DISCORD.member, name, [...options]));
      expect(plain.data.flags, name).toBe(64);
      expect(plain.data.content, name).toContain(name === 'ban' ? 'bans.create' : 'notes.create');
    }
    expect(await t.database.db.selectFrom('bans').select('id').execute()).toEqual(before);
    expect(await t.database.db.selectFrom('notes').select('id').where('steamid', '=', TARGET).execute()).toEqual([]);
  });

  it('/ban refuses a more immune staff member, a length not in the list and an empty reason', async () => {
    const immune = await answered(command(DISCORD.moderator, 'ban', banOptions(SENIOR_STEAMID, '1d', 'Abuse')));
    expect(immune.data.flags).toBe(64);
    expect(immune.data.content).toMatch(
      /You cannot ban this player: this player is staff with an immunity level \(50\)/,
    );
    const badLength = await answered(command(DISCORD.moderator, 'ban', banOptions(TARGET, 'forever', 'Aimbot')));
    expect(badLength.data.content).toMatch(/not one of \/ban's lengths/);
    const noReason = await answered(command(DISCORD.moderator, 'ban', banOptions(TARGET, '1d', '   ')));
    expect(noReason.data.content).toMatch(/^Nobody was banned/);
    const bans = await t.database.db
      .selectFrom('bans')
      .select('id')
      .where('steamid', 'in', [SENIOR_STEAMID, TARGET])
      .execute();
    expect(bans).toEqual([]);
  });

  it('/ban bans as the linked account through the web door: the row, the reason, an audit line "via Discord"', async () => {
    const response = await answered(
      command(DISCORD.moderator, 'ban', banOptions('STEAM_1:1:49999999', '1d', 'Aimbot on c1m2')),
    );
    const steamid = '76561198060265727';
    expect(response.data.flags).toBe(64);
    expect(response.data.content).toMatch(/^Banned \*\*/);
    expect(response.data.content).toContain('for 1 day');
    const row = await t.database.db
      .selectFrom('bans')
      .selectAll()
      .where('steamid', '=', steamid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      reason: 'Aimbot on c1m2',
      admin_id: moderator.userId,
      admin_name: 'Moderator',
      type: 'ban',
    });
    expect(Number(row.length)).toBe(86_400);
    const line = (await auditLines()).find((message) => message.includes(`[ban #${row.id}]`));
    expect(line).toContain('(reason "Aimbot on c1m2") via Discord');
    expect(line).toMatch(/^banned /);
    // Permanent, from the list.
    const permanent = await answered(command(DISCORD.owner, 'ban', banOptions(TARGET, 'permanent', 'Cheats')));
    expect(permanent.data.content).toContain('permanently');
  });

  it('/note writes a staff-only or public note as the linked account, audited "via Discord"', async () => {
    const staffOnly = json(
      await interact(
        command(DISCORD.moderator, 'note', [
          { name: 'player', value: PLAYER },
          { name: 'text', value: 'Asked about a smurf' },
        ]),
      ),
    );
    expect(staffOnly.data.flags).toBe(64);
    expect(staffOnly.data.content).toMatch(/^Note #\d+ written on \*\*Ellis\*\* \(staff only\)/);
    const shared = json(
      await interact(
        command(DISCORD.moderator, 'note', [
          { name: 'player', value: 'Ellis' },
          { name: 'text', value: 'Great teammate' },
          { name: 'public', value: true },
        ]),
      ),
    );
    expect(shared.data.content).toContain('(public)');
    const notes = await t.database.db
      .selectFrom('notes')
      .select(['body', 'is_public', 'author_id'])
      .where('body', 'in', ['Asked about a smurf', 'Great teammate'])
      .orderBy('id')
      .execute();
    expect(notes.map((note) => [note.body, Number(note.is_public), note.author_id])).toEqual([
      ['Asked about a smurf', 0, moderator.userId],
      ['Great teammate', 1, moderator.userId],
    ]);
    const lines = (await auditLines()).filter((message) => /note #\d+ via Discord$/.test(message));
    expect(lines.length).toBe(2);
    const immune = json(
      await interact(
        command(DISCORD.moderator, 'note', [
          { name: 'player', value: SENIOR_STEAMID },
          { name: 'text', value: 'x' },
        ]),
      ),
    );
    expect(immune.data.content).toMatch(/You cannot write a note on this player/);
  });

  it('/ban asks an account with a second factor to confirm it on the site first, then bans within the window', async () => {
    await enrolTotp(t, guarded);
    await ageProof(t, guarded.userId, null);
    const refused = await answered(command(DISCORD.guarded, 'ban', banOptions(TARGET, '1h', 'Spam')));
    expect(refused.data.flags).toBe(64);
    expect(refused.data.content).toMatch(/Sign in on the site and confirm with your second factor/);
    await ageProof(t, guarded.userId, 30);
    const stale = await answered(command(DISCORD.guarded, 'ban', banOptions(TARGET, '1h', 'Spam')));
    expect(stale.data.content).toMatch(/second factor/);
    expect(
      await t.database.db.selectFrom('bans').select('id').where('admin_id', '=', guarded.userId).execute(),
    ).toEqual([]);
    await ageProof(t, guarded.userId, 2);
    const done = await answered(command(DISCORD.guarded, 'ban', banOptions(TARGET, '1h', 'Spam')));
    expect(done.data.content).toMatch(/^Banned/);
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
