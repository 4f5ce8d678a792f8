import { appealDetailSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveDiscordBot } from '../../test-support/discord-test-kit';
import { type FakeDiscordBot, startFakeDiscordBot } from '../../test-support/fakes/fake-discord-bot';
import { json } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// The staff channel (issue 26 item 4): report groups and appeals are posted by the bot with
// buttons, and every later change (on the web here) edits the same message; the queue is
// durable and waits out Discord's 429s.

const CHANNEL = '400000000000000001';
const TARGET = '76561197962734863';
const PLAYER = '76561197962734100';

type Sent = {
  embeds: { title: string; fields: { name: string; value: string }[] }[];
  components: { components: { label: string; custom_id?: string; url?: string; style: number }[] }[];
};

describe.each(testDatabases())('Discord staff channel on $name', (kind) => {
  let t: TestApp;
  let discord: FakeDiscordBot;
  let owner: SignedIn;
  let staff: SignedIn;
  let reporter: SignedIn;
  let player: SignedIn;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const messageAbout = (title: string) =>
    [...discord.messages.entries()].find(([, message]) => (message.body as Sent).embeds[0]?.title.startsWith(title));
  const shown = (title: string) => {
    const found = messageAbout(title);
    if (!found) return null;
    const body = found[1].body as Sent;
    return {
      id: found[0],
      channelId: found[1].channelId,
      edits: found[1].edits,
      status: body.embeds[0]?.fields.find((field) => field.name === 'Status')?.value,
      buttons: body.components.flatMap((row) =>
        row.components.map((button) => button.custom_id ?? `link:${button.url}`),
      ),
    };
  };

  beforeAll(async () => {
    discord = await startFakeDiscordBot();
    discord.channels.add(CHANNEL);
    t = await startTestApp(kind, {
      DISCORD_API_URL: discord.apiUrl,
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_POLL_INTERVAL_MS: '200',
    });
    owner = await signInAs(t, { name: 'Owner', flags: 'z' });
    staff = await signInAs(t, {
      name: 'Moderator',
      codes: ['reports.manage', 'bans.*', 'notes.create', 'appeals.manage'],
      immunity: 50,
    });
    reporter = await signInAs(t, { name: 'Reporter', steamid: '76561197960265731' });
    player = await signInAs(t, { name: 'Bob', steamid: PLAYER });
    await saveDiscordBot(t, owner, discord);
  });
  afterAll(async () => {
    await t?.close();
    await discord?.close();
  });

  it('posts nothing while no staff channel is set', async () => {
    const filed = await call('POST', '/api/reports', reporter, { target: '76561197960287930', reason: 'Other' });
    expect(filed.statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(discord.calls).toEqual([]);
    expect(json(await call('GET', '/api/panel/discord-bot', owner)).staffChannelId).toBeNull();
  });

  it('a new report group is posted with Claim, Ban, Note, Dismiss; claiming and dismissing on the web edit the same message', async () => {
    const set = await call('PUT', '/api/panel/discord-bot', owner, { staffChannelId: CHANNEL });
    expect(json(set).staffChannelId).toBe(CHANNEL);
    expect((await call('POST', '/api/reports', reporter, { target: TARGET, reason: 'Cheating' })).statusCode).toBe(201);
    await vi.waitFor(() => expect(shown('Report #')).not.toBeNull(), { timeout: 5000 });
    const posted = shown('Report #');
    expect(posted?.channelId).toBe(CHANNEL);
    expect(posted?.status).toBe('Open, unclaimed');
    const { groups } = json(await call('GET', '/api/reports/groups', staff)) as {
      groups: { id: number; targetSteamid: string }[];
    };
    const group = groups.find((g) => g.targetSteamid === TARGET) as { id: number };
    expect(posted?.buttons.slice(0, 4)).toEqual(
      ['claim', 'ban', 'note', 'dismiss'].map((action) => `outpost:report:${action}:${group.id}`),
    );
    expect(posted?.buttons[4]).toMatch(new RegExp(`^link:http.*/admin/reports\\?group=${group.id}$`));

    expect((await call('POST', `/api/reports/groups/${group.id}/claim`, staff, { force: false })).statusCode).toBe(200);
    await vi.waitFor(() => expect(shown('Report #')?.status).toBe('Claimed by Moderator'), { timeout: 5000 });
    expect(shown('Report #')?.buttons).not.toContain(`outpost:report:claim:${group.id}`);

    const resolved = await call('POST', `/api/reports/groups/${group.id}/resolve`, staff, { action: 'dismiss' });
    expect(resolved.statusCode).toBe(200);
    await vi.waitFor(() => expect(shown('Report #')?.status).toBe('Dismissed by Moderator'), { timeout: 5000 });
    const last = shown('Report #');
    expect(last?.id).toBe(posted?.id);
    expect(last?.edits).toBe(2);
    expect(last?.buttons).toHaveLength(1);
    expect(discord.calls.filter((c) => c.method === 'POST').length).toBe(1);
  });

  it('an appeal is posted with Claim and Open on the site; a 429 is waited out, then the decision edits it', async () => {
    const ban = json(
      await call('POST', '/api/bans', staff, { steamid: PLAYER, playerName: 'Bob', reason: 'Wallhack', length: 86400 }),
    ).id as number;
    // The next post is refused twice with 429 (0.3 s): it goes out once the wait is over.
    discord.rateLimitNext(2, 0.3);
    const callsBefore = discord.calls.length;
    const opened = await call('POST', '/api/appeals', player, { banId: ban, statement: 'Not me' });
    expect(opened.statusCode).toBe(201);
    const appealId = appealDetailSchema.parse(json(opened)).appeal.id;
    await vi.waitFor(() => expect(shown('Appeal #')).not.toBeNull(), { timeout: 5000 });
    const tries = discord.calls.slice(callsBefore);
    expect(tries.map((c) => c.status)).toEqual([429, 429, 200]);
    expect((tries[1]?.at ?? 0) - (tries[0]?.at ?? 0)).toBeGreaterThanOrEqual(290);
    expect((tries[2]?.at ?? 0) - (tries[1]?.at ?? 0)).toBeGreaterThanOrEqual(290);
    const posted = shown('Appeal #');
    expect(posted?.status).toBe('Open, unclaimed');
    expect(posted?.buttons[0]).toBe(`outpost:appeal:claim:${appealId}`);
    expect(posted?.buttons[1]).toMatch(new RegExp(`^link:http.*/appeals/${appealId}$`));

    const decided = await call('POST', `/api/appeals/${appealId}/decision`, staff, {
      outcome: 'denied',
      reason: 'Clear on the demo',
    });
    expect(decided.statusCode).toBe(200);
    await vi.waitFor(() => expect(shown('Appeal #')?.status).toBe('Denied by Moderator'), { timeout: 5000 });
    expect(shown('Appeal #')?.id).toBe(posted?.id);
    expect(shown('Appeal #')?.buttons).toHaveLength(1);
  });

  it('a message deleted in Discord is posted again on the next change; a channel Discord refuses is not retried', async () => {
    const other = '76561197960287931';
    expect((await call('POST', '/api/reports', reporter, { target: other, reason: 'Other' })).statusCode).toBe(201);
    const { groups } = json(await call('GET', '/api/reports/groups', staff)) as {
      groups: { id: number; targetSteamid: string }[];
    };
    const group = groups.find((g) => g.targetSteamid === other) as { id: number };
    const title = `Report #${group.id}:`;
    await vi.waitFor(() => expect(shown(title)).not.toBeNull(), { timeout: 5000 });
    const first = shown(title);
    discord.messages.delete(first?.id as string);
    expect((await call('POST', `/api/reports/groups/${group.id}/claim`, staff, { force: false })).statusCode).toBe(200);
    await vi.waitFor(() => expect(shown(title)?.status).toBe('Claimed by Moderator'), { timeout: 5000 });
    expect(shown(title)?.id).not.toBe(first?.id);
    expect(discord.calls.slice(-2).map((c) => [c.method, c.status])).toEqual([
      ['PATCH', 404],
      ['POST', 200],
    ]);

    // A channel the bot may not write to: Discord's 404 is final (one try, no retry loop).
    await call('PUT', '/api/panel/discord-bot', owner, { staffChannelId: '400000000000000099' });
    const before = discord.calls.length;
    await call('POST', `/api/reports/groups/${group.id}/resolve`, staff, { action: 'dismiss' });
    await vi.waitFor(() => expect(discord.calls.length).toBe(before + 1), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(discord.calls.slice(before).map((c) => [c.method, c.status])).toEqual([['POST', 404]]);
  });
});
