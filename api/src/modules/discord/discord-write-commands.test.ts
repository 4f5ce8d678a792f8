import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slashCommand as command, openStaffRoom, postInteraction, ROOM } from '../../test-support/discord-test-kit';
import type { FakeDiscordBot } from '../../test-support/fakes/fake-discord-bot';
import { json } from '../../test-support/players-bans-notes-fixtures';
import { ageProof, enrolTotp } from '../../test-support/second-factor';
import type { SignedIn, TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { NOT_LINKED } from './commands';

// Discord as the staff room (issue 26, first part): /note and /ban act as the linked Outpost
// account through the web's door, with its checks and its audit ("via Discord").

const { player: PLAYER, senior: SENIOR_STEAMID, target: TARGET, discord: DISCORD } = ROOM;

describe.each(testDatabases())('Discord write commands on $name', (kind) => {
  let t: TestApp;
  let discord: FakeDiscordBot;
  let moderator: SignedIn;
  let guarded: SignedIn;
  let answered: Awaited<ReturnType<typeof openStaffRoom>>['answered'];
  const interact = (payload: unknown, options: { timestamp?: number; headers?: Record<string, string> } = {}) =>
    postInteraction(t, discord, payload, options);

  beforeAll(async () => {
    ({ t, discord, moderator, guarded, answered } = await openStaffRoom(kind));
  });
  afterAll(async () => {
    await t?.close();
    await discord?.close();
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
});
