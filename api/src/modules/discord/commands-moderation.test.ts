import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandOptions, linkDiscord, postInteraction, saveDiscordBot } from '../../test-support/discord-test-kit';
import { type FakeDiscordBot, startFakeDiscordBot } from '../../test-support/fakes/fake-discord-bot';
import { json } from '../../test-support/players-bans-notes-fixtures';
import { ageProof, enrolTotp } from '../../test-support/second-factor';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { playersBansNotesService } from '../players-bans-notes';
import { NOT_LINKED } from './commands';

// /unban, /mute, /gag, /warn and /report (issue 26 item 2): each as the linked account, through
// the web's doors and checks, audited "via Discord"; every refusal ephemeral and writing nothing.

const TARGET = '76561197960287930';
const SENIOR = '76561197960265733';
const D = {
  owner: '210000000000000001',
  mod: '210000000000000002',
  member: '210000000000000003',
  guarded: '210000000000000004',
  stranger: '210000000000000009',
  limited: '210000000000000005',
};

describe.each(testDatabases())('Discord moderation commands on $name', (kind) => {
  let t: TestApp;
  let discord: FakeDiscordBot;
  let owner: SignedIn;
  let mod: SignedIn;
  let guarded: SignedIn;

  const interact = (payload: unknown) => postInteraction(t, discord, payload);
  let tokens = 0;
  const command = (discordId: string, name: string, options: Record<string, string> = {}, type = 2) => ({
    type,
    id: '310000000000000001',
    token: `interaction-token-${++tokens}`,
    data: { name, options: commandOptions(options) },
    member: { user: { id: discordId } },
  });
  /** What the caller sees: the answer, or a deferred one's follow-up (through the fake Discord). */
  const run = async (discordId: string, name: string, options: Record<string, string> = {}) => {
    const payload = command(discordId, name, options);
    return discord.seen(json(await interact(payload)), payload.token) as Promise<{
      type: number;
      data: { content: string; flags?: number };
    }>;
  };
  const restrictions = async () =>
    (await t.database.db.selectFrom('bans').select(['id', 'type', 'unbanned_at']).execute()).length;
  const counts = async () => ({
    bans: await restrictions(),
    lifted: (await t.database.db.selectFrom('bans').select('id').where('unbanned_at', 'is not', null).execute()).length,
    warnings: (await t.database.db.selectFrom('warnings').select('id').execute()).length,
    reports: (await t.database.db.selectFrom('player_reports').select('id').execute()).length,
  });
  const audit = async () =>
    (await t.database.db.selectFrom('log_entries').select('message').execute()).map((row) => row.message);

  beforeAll(async () => {
    discord = await startFakeDiscordBot();
    t = await startTestApp(kind, { DISCORD_API_URL: discord.apiUrl });
    owner = await signInAs(t, { name: 'Owner', flags: 'z' });
    mod = await signInAs(t, {
      name: 'Mod',
      codes: ['players.view', 'bans.create', 'bans.unban', 'warnings.create'],
      immunity: 10,
    });
    await signInAs(t, { name: 'Senior', steamid: SENIOR, codes: ['bans.create'], immunity: 50 });
    guarded = await signInAs(t, {
      name: 'Guarded',
      codes: ['bans.create', 'bans.unban', 'warnings.create'],
      immunity: 10,
    });
    const member = await signInAs(t, { name: 'Member' });
    // A moderator whose role holds comm blocks to 1 hour, none for ever.
    const limited = await signInAs(t, { name: 'Limited' });
    await t.database.db
      .insertInto('roles')
      .values({
        id: 'discord-limited',
        name: 'Limited',
        flags: '',
        immunity: 10,
        permission_codes: JSON.stringify(['players.view', 'bans.create']),
        created_at: 1,
        comm_max_seconds: 3600,
        may_give_permanent: 0,
      })
      .execute();
    await t.database.db
      .insertInto('user_roles')
      .values({ user_id: limited.userId, role_id: 'discord-limited' })
      .execute();
    for (const [user, id] of [
      [limited, D.limited],
      [owner, D.owner],
      [mod, D.mod],
      [member, D.member],
      [guarded, D.guarded],
    ] as const)
      await linkDiscord(t, user.userId, id);
    await saveDiscordBot(t, owner, discord);
    await playersBansNotesService.recordSeen(t.database.db, TARGET, 'Ellis', Math.floor(Date.now() / 1000) - 60);
  });
  afterAll(async () => {
    await t?.close();
    await discord?.close();
  });

  it('/mute, /gag, /warn and /unban act as the linked account, audited "via Discord"', async () => {
    const muted = await run(D.mod, 'mute', { player: TARGET, length: '1h', reason: 'Mic spam' });
    expect(muted.data.content).toMatch(/^Muted \*\*Ellis\*\*.*for 1 hour/);
    expect(muted.data.flags).toBe(64);
    expect((await run(D.mod, 'gag', { player: 'Ellis', length: '1d', reason: 'Chat spam' })).data.content).toMatch(
      /^Gagged/,
    );
    expect((await run(D.mod, 'warn', { player: TARGET, reason: 'Language' })).data.content).toMatch(
      /^Warned \*\*Ellis\*\*.*warning #\d+/,
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/bans',
      headers: owner.headers,
      payload: { steamid: TARGET, reason: 'Cheating', length: 86_400 },
    });
    const types = (await t.database.db.selectFrom('bans').select('type').where('steamid', '=', TARGET).execute()).map(
      (row) => row.type,
    );
    expect(types.sort()).toEqual(['ban', 'gag', 'mute']);
    // The owner's ban: the moderator's role may lift others' bans by default.
    const lifted = await run(D.mod, 'unban', { player: TARGET, reason: 'Appeal accepted' });
    expect(lifted.data.content).toMatch(/^Lifted ban #\d+ on \*\*Ellis\*\*/);
    expect((await run(D.mod, 'unban', { player: TARGET, reason: 'Again' })).data.content).toMatch(/has no active ban/);
    const lines = (await audit()).filter((line) => line.includes('via Discord'));
    expect(lines.map((line) => line.replace(/ \[.*$/, ''))).toEqual([
      'added a mute to Ellis for 1 hour(s) (reason "Mic spam") via Discord',
      'added a gag to Ellis for 1 day(s) (reason "Chat spam") via Discord',
      'warned Ellis (reason "Language") via Discord',
      expect.stringMatching(/^unbanned Ellis \(ban #\d+, reason "Appeal accepted"\) via Discord$/),
    ]);
  });

  it('/report files a member’s report with one of the site’s reasons; an unknown reason is refused', async () => {
    const before = await counts();
    const refused = await run(D.member, 'report', { player: TARGET, reason: 'Not a reason at all' });
    expect(refused.data.flags).toBe(64);
    expect(await counts()).toEqual(before);
    const reasons = await playersBansNotesService.reportReasons(t.database.db);
    const filed = await run(D.member, 'report', { player: TARGET, reason: reasons[0] as string, details: 'On c1m1' });
    expect(filed.data.content).toMatch(/^Thank you: your report #\d+ on \*\*Ellis\*\*/);
    expect((await counts()).reports).toBe(before.reports + 1);
  });

  it('refuses, ephemeral and writing nothing: unlinked, missing permission, the act-on rule, bad options, role limits', async () => {
    const before = await counts();
    const shapes: [string, string, Record<string, string>, RegExp][] = [
      [D.stranger, 'mute', { player: TARGET, length: '1h', reason: 'x' }, /not linked/],
      [D.stranger, 'report', { player: TARGET, reason: 'x' }, /not linked/],
      [D.member, 'warn', { player: TARGET, reason: 'x' }, /permission warnings\.create, which \/warn needs/],
      [D.member, 'unban', { player: TARGET, reason: 'x' }, /permission bans\.unban/],
      [D.member, 'gag', { player: TARGET, length: '1h', reason: 'x' }, /permission bans\.create/],
      [D.mod, 'mute', { player: SENIOR, length: '1h', reason: 'x' }, /cannot mute this player/],
      [D.mod, 'warn', { player: SENIOR, reason: 'x' }, /cannot warn this player/],
      [D.mod, 'mute', { player: TARGET, length: '5 years', reason: 'x' }, /not one of \/mute's lengths/],
      [D.mod, 'gag', { player: 'nobody-by-this-name', length: '1h', reason: 'x' }, /No player is known/],
      [D.mod, 'warn', { player: TARGET, reason: '' }, /Nobody was warned/],
      [D.mod, 'unban', { player: TARGET, reason: '' }, /a reason of 1 to 500/],
    ];
    for (const [who, name, options, expected] of shapes) {
      const answer = await run(who, name, options);
      expect(answer.data.flags, `${name} ${expected}`).toBe(64);
      expect(answer.data.content, name).toMatch(expected);
    }
    expect((await run(D.stranger, 'mute', {})).data.content).toBe(NOT_LINKED);
    // Role limits: comm blocks held to 1 hour and none for ever.
    const longer = await run(D.limited, 'mute', { player: TARGET, length: '1d', reason: 'x' });
    expect(longer.data.flags).toBe(64);
    expect(longer.data.content).toMatch(/1 hour/);
    const forever = await run(D.limited, 'gag', { player: TARGET, length: 'permanent', reason: 'x' });
    expect(forever.data.flags).toBe(64);
    expect(forever.data.content).toMatch(/permanent/i);
    expect(await counts()).toEqual(before);
    // Autocomplete offers only the lengths the roles allow, and the site's reasons.
    const lengths = json(
      await interact({
        ...command(D.limited, 'mute', {}, 4),
        data: { name: 'mute', options: [{ name: 'length', value: '', focused: true }] },
      }),
    ) as {
      type: number;
      data: { choices: { value: string }[] };
    };
    expect(lengths.type).toBe(8);
    expect(lengths.data.choices.map((choice) => choice.value)).toEqual(['10m', '1h']);
    const reasons = json(
      await interact({
        ...command(D.mod, 'report', {}, 4),
        data: { name: 'report', options: [{ name: 'reason', value: '', focused: true }] },
      }),
    ) as { data: { choices: { value: string }[] } };
    expect(reasons.data.choices.map((choice) => choice.value)).toEqual(
      await playersBansNotesService.reportReasons(t.database.db),
    );
  });

  it('asks an account with a second factor to prove it on the site first, then acts within the window', async () => {
    await enrolTotp(t, guarded);
    await ageProof(t, guarded.userId, null);
    const before = await counts();
    for (const name of ['unban', 'mute', 'gag', 'warn']) {
      const refused = await run(D.guarded, name, { player: TARGET, length: '1h', reason: 'Spam' });
      expect(refused.data.flags).toBe(64);
      expect(refused.data.content).toMatch(new RegExp(`confirm with your second factor .* run /${name} again within`));
    }
    expect(await counts()).toEqual(before);
    await ageProof(t, guarded.userId, 2);
    expect((await run(D.guarded, 'warn', { player: TARGET, reason: 'Spam' })).data.content).toMatch(/^Warned/);
  });
});
