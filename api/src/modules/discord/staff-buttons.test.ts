import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { linkDiscord, postInteraction, saveDiscordBot } from '../../test-support/discord-test-kit';
import { type FakeDiscordBot, startFakeDiscordBot } from '../../test-support/fakes/fake-discord-bot';
import { json, seedServer } from '../../test-support/players-bans-notes-fixtures';
import { ageProof, enrolTotp } from '../../test-support/second-factor';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { NOT_LINKED } from './commands';

// The staff channel's buttons (issue 26 item 4): Claim, Ban, Note, Dismiss on a report and
// Claim on an appeal arrive as signed MESSAGE_COMPONENT interactions; Ban and Note open a
// modal whose MODAL_SUBMIT completes them. They act as the linked account with the web's
// checks and audit ("via Discord"); every refusal is ephemeral and changes nothing; the
// channel's message is edited after each decision.

const CHANNEL = '400000000000000002';
const ids = {
  moderator: '210000000000000001',
  member: '210000000000000002',
  noter: '210000000000000003',
  guarded: '210000000000000004',
  player: '210000000000000005',
};
let targetSeq = 0;

describe.each(testDatabases())('Discord staff channel buttons on $name', (kind) => {
  let t: TestApp;
  let discord: FakeDiscordBot;
  let owner: SignedIn;
  let moderator: SignedIn;

  const press = (discordId: string | null, customId: string, type = 3, fields: Record<string, string> = {}) => {
    const body = JSON.stringify({
      type,
      id: '310000000000000001',
      token: 'component-token',
      data: {
        custom_id: customId,
        ...(type === 5
          ? {
              components: Object.entries(fields).map(([id, value]) => ({
                type: 1,
                components: [{ type: 4, custom_id: id, value }],
              })),
            }
          : { component_type: 2 }),
      },
      ...(discordId ? { member: { user: { id: discordId } } } : {}),
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/discord/interactions',
      payload: body,
      headers: discord.signedHeaders(body),
    });
  };
  const answer = async (...args: Parameters<typeof press>) => {
    const response = await press(...args);
    expect(response.statusCode, response.body).toBe(200);
    return json(response) as {
      type: number;
      data: {
        content?: string;
        flags?: number;
        custom_id?: string;
        components?: { components: { custom_id: string }[] }[];
      };
    };
  };
  /** A new report group against a fresh player: its id. */
  const newGroup = async () => {
    targetSeq += 1;
    const target = String(76561197962734000n + BigInt(targetSeq));
    // A reporter per report: the per-reporter limit stays out of the way.
    const reporter = await signInAs(t, {
      name: `Reporter ${targetSeq}`,
      steamid: String(76561197960265000n + BigInt(targetSeq)),
    });
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: reporter.headers,
      payload: { target, reason: 'Cheating' },
    });
    expect(filed.statusCode).toBe(201);
    const { groups } = json(
      await t.app.inject({ method: 'GET', url: '/api/reports/groups', headers: owner.headers }),
    ) as { groups: { id: number; targetSteamid: string }[] };
    return { id: (groups.find((group) => group.targetSteamid === target) as { id: number }).id, target };
  };
  const group = async (id: number) =>
    json(await t.app.inject({ method: 'GET', url: `/api/reports/groups/${id}`, headers: owner.headers }));
  const auditLines = async () =>
    (await t.database.db.selectFrom('log_entries').select('message').execute()).map((row) => row.message);
  const statusShown = (id: number) => {
    const message = [...discord.messages.values()].find((m) =>
      (m.body as { embeds: { title: string }[] }).embeds[0]?.title.startsWith(`Report #${id}:`),
    );
    return (
      message?.body as { embeds: { fields: { name: string; value: string }[] }[] } | undefined
    )?.embeds[0]?.fields.find((f) => f.name === 'Status')?.value;
  };
  const link = (user: SignedIn, id: string) => linkDiscord(t, user.userId, id);

  beforeAll(async () => {
    discord = await startFakeDiscordBot();
    discord.channels.add(CHANNEL);
    t = await startTestApp(kind, { DISCORD_API_URL: discord.apiUrl, WEBHOOK_POLL_INTERVAL_MS: '200' });
    owner = await signInAs(t, { name: 'Owner', flags: 'z' });
    moderator = await signInAs(t, {
      name: 'Moderator',
      codes: ['reports.manage', 'bans.create', 'notes.create', 'appeals.manage'],
      immunity: 50,
    });
    const member = await signInAs(t, { name: 'Member' });
    const noter = await signInAs(t, { name: 'Noter', codes: ['reports.manage', 'notes.create'], immunity: 10 });
    const guarded = await signInAs(t, { name: 'Guarded', codes: ['reports.manage', 'bans.create'], immunity: 10 });
    for (const [user, id] of [
      [moderator, ids.moderator],
      [member, ids.member],
      [noter, ids.noter],
      [guarded, ids.guarded],
    ] as const)
      await link(user, id);
    await enrolTotp(t, guarded);
    await ageProof(t, guarded.userId, null);
    await saveDiscordBot(t, owner, discord, { staffChannelId: CHANNEL });
  });
  afterAll(async () => {
    await t?.close();
    await discord?.close();
  });

  it('Claim claims the report as the linked account (audited via Discord) and the channel message follows', async () => {
    const { id } = await newGroup();
    await vi.waitFor(() => expect(statusShown(id)).toBe('Open, unclaimed'), { timeout: 5000 });
    const claimed = await answer(ids.moderator, `outpost:report:claim:${id}`);
    expect(claimed.data).toMatchObject({ content: `You claimed report #${id}.`, flags: 64 });
    expect((await group(id)).claimedByName).toBe('Moderator');
    expect(
      (await auditLines()).some((line) => line.includes(`claimed report #${id}`) && line.endsWith('via Discord')),
    ).toBe(true);
    await vi.waitFor(() => expect(statusShown(id)).toBe('Claimed by Moderator'), { timeout: 5000 });
  });

  it('Ban opens a modal; its submit resolves the report with a ban; the message shows it', async () => {
    const { id, target } = await newGroup();
    const modal = await answer(ids.moderator, `outpost:report:ban:${id}`);
    expect(modal.type).toBe(9);
    expect(modal.data.custom_id).toBe(`outpost:report:ban:${id}`);
    expect(modal.data.components?.map((row) => row.components[0]?.custom_id)).toEqual(['reason', 'length']);
    expect((await group(id)).status).toBe('open');
    const done = await answer(ids.moderator, `outpost:report:ban:${id}`, 5, {
      reason: 'Aimbot (reported)',
      length: '1d',
    });
    expect(done.data.content).toBe(`You resolved report #${id} with a ban (1 day).`);
    const resolved = await group(id);
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'ban', resolvedByName: 'Moderator' });
    const ban = await t.database.db
      .selectFrom('bans')
      .selectAll()
      .where('id', '=', resolved.banId)
      .executeTakeFirstOrThrow();
    expect({ steamid: ban.steamid, reason: ban.reason, length: Number(ban.length) }).toEqual({
      steamid: target,
      reason: 'Aimbot (reported)',
      length: 86_400,
    });
    await vi.waitFor(() => expect(statusShown(id)).toBe(`Resolved by Moderator: banned (ban #${resolved.banId})`), {
      timeout: 5000,
    });
  });

  it('Ban on a report made on a server holds on that server, as on the web', async () => {
    await seedServer(t, 's9', 'Versus #9');
    targetSeq += 1;
    const target = String(76561197962734000n + BigInt(targetSeq));
    const reporter = await signInAs(t, {
      name: `Reporter ${targetSeq}`,
      steamid: String(76561197960265000n + BigInt(targetSeq)),
    });
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: reporter.headers,
      payload: { target, reason: 'Cheating', serverId: 's9' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const { groups } = json(
      await t.app.inject({ method: 'GET', url: '/api/reports/groups', headers: owner.headers }),
    ) as { groups: { id: number; targetSteamid: string }[] };
    const id = (groups.find((g) => g.targetSteamid === target) as { id: number }).id;
    const done = await answer(ids.moderator, `outpost:report:ban:${id}`, 5, { reason: 'Aimbot', length: '1d' });
    expect(done.data.content).toBe(`You resolved report #${id} with a ban (1 day, on Versus #9 only).`);
    const ban = await t.database.db
      .selectFrom('bans')
      .select(['scope_kind', 'scope_id'])
      .where('id', '=', (await group(id)).banId)
      .executeTakeFirstOrThrow();
    expect(ban).toEqual({ scope_kind: 'server', scope_id: 's9' });
  });

  it('Note and Dismiss resolve the report; pressing a resolved report says so', async () => {
    const noted = await newGroup();
    expect((await answer(ids.noter, `outpost:report:note:${noted.id}`)).type).toBe(9);
    const done = await answer(ids.noter, `outpost:report:note:${noted.id}`, 5, { body: 'Watched the demo: walls' });
    expect(done.data.content).toBe(`You resolved report #${noted.id} with a note.`);
    expect(await group(noted.id)).toMatchObject({ resolution: 'note', resolvedByName: 'Noter' });
    const dismissed = await newGroup();
    expect((await answer(ids.noter, `outpost:report:dismiss:${dismissed.id}`)).data.content).toBe(
      `You dismissed report #${dismissed.id}.`,
    );
    expect((await group(dismissed.id)).resolution).toBe('dismiss');
    const again = await answer(ids.moderator, `outpost:report:dismiss:${dismissed.id}`);
    expect(again.data).toMatchObject({ content: 'This report was already resolved', flags: 64 });
    await vi.waitFor(() => expect(statusShown(dismissed.id)).toBe('Dismissed by Noter'), { timeout: 5000 });
  });

  it('refuses, ephemerally and changing nothing: unlinked, unpermitted, second factor, bad length, foreign or malformed ids', async () => {
    const { id } = await newGroup();
    const before = (await auditLines()).length;
    const refusals: [string | null, string, RegExp][] = [
      [null, `outpost:report:claim:${id}`, new RegExp(NOT_LINKED.slice(0, 40))],
      ['219999999999999999', `outpost:report:claim:${id}`, /not linked/],
      [ids.member, `outpost:report:claim:${id}`, /reports\.manage/],
      [ids.member, `outpost:appeal:claim:1`, /appeals\.manage/],
      [ids.noter, `outpost:report:ban:${id}`, /bans\.create/],
      [ids.moderator, `outpost:report:note:${id}`, /./],
      [ids.guarded, `outpost:report:ban:${id}`, /second factor.*Confirm it on the site/],
      [ids.moderator, 'someone-else:button', /not one Outpost knows/],
      [ids.moderator, `outpost:appeal:ban:${id}`, /not one Outpost knows/],
      [ids.moderator, 'outpost:report:claim:99999', /No report has this id/],
    ];
    for (const [who, customId, expected] of refusals) {
      const refused = await answer(who, customId);
      if (customId === `outpost:report:note:${id}`) {
        // The moderator may write notes: the note button answers its modal, nothing else.
        expect(refused.type).toBe(9);
        continue;
      }
      expect(refused.type, customId).toBe(4);
      expect(refused.data.flags, customId).toBe(64);
      expect(refused.data.content, customId).toMatch(expected);
    }
    const badLength = await answer(ids.moderator, `outpost:report:ban:${id}`, 5, {
      reason: 'Spam',
      length: '5 minutes',
    });
    expect(badLength.data.content).toMatch(/is not a ban length.*Nobody was banned/);
    const emptyReason = await answer(ids.moderator, `outpost:report:ban:${id}`, 5, { reason: '   ', length: '1h' });
    expect(emptyReason.data.flags).toBe(64);
    expect(await group(id)).toMatchObject({ status: 'open', claimedById: null });
    expect((await auditLines()).length).toBe(before);
    // Malformed component interactions (signed, but not Discord's shape): no data at all is
    // answered as an unknown kind, a custom_id that is not a string is refused whole.
    const signedPost = (payload: unknown) => postInteraction(t, discord, payload);
    const noData = await signedPost({ type: 3, member: { user: { id: ids.moderator } } });
    expect(noData.statusCode).toBe(200);
    expect(json(noData).data).toMatchObject({ flags: 64, content: expect.stringMatching(/does not answer/) });
    const notString = await signedPost({ type: 3, data: { custom_id: 7 }, member: { user: { id: ids.moderator } } });
    expect(notString.statusCode).toBe(400);
    expect(await group(id)).toMatchObject({ status: 'open', claimedById: null });
  });

  it('an appeal is claimed (assigned to the presser) from its Claim button; someone else then is told who has it', async () => {
    const player = await signInAs(t, { name: 'Bob', steamid: '76561197962734500' });
    const ban = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/bans',
        headers: owner.headers,
        payload: { steamid: '76561197962734500', playerName: 'Bob', reason: 'Wallhack', length: 86400 },
      }),
    ).id;
    const opened = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/appeals',
        headers: player.headers,
        payload: { banId: ban, statement: 'Not me' },
      }),
    );
    const appealId = opened.appeal.id as number;
    const claimed = await answer(ids.moderator, `outpost:appeal:claim:${appealId}`);
    expect(claimed.data.content).toBe(`You claimed appeal #${appealId}.`);
    const shown = json(await t.app.inject({ method: 'GET', url: `/api/appeals/${appealId}`, headers: owner.headers }));
    expect(shown.appeal.assigneeName).toBe('Moderator');
    const owners = await signInAs(t, { name: 'Second', codes: ['appeals.manage'], immunity: 10 });
    await link(owners, '210000000000000009');
    const taken = await answer('210000000000000009', `outpost:appeal:claim:${appealId}`);
    expect(taken.data).toMatchObject({ content: 'Moderator is already working on this appeal', flags: 64 });
  });
});
