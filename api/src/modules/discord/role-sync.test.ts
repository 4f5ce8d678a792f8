import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventBus } from '../../lib/event-bus';
import { linkDiscord } from '../../test-support/discord-test-kit';
import { type FakeDiscordBot, startFakeDiscordBot } from '../../test-support/fakes/fake-discord-bot';
import { json } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// Discord role sync (issue 26 item 5): holders of an Outpost role naming a Discord role get it
// in the guild (PUT) while they have linked Discord, and lose it (DELETE) when the role is
// taken away, the link removed or the mapping cleared; Discord's 429s are waited out.

const GUILD = '500000000000000001';
const MOD_ROLE = '600000000000000001';
const DISCORD_USER = '220000000000000001';

describe.each(testDatabases())('Discord role sync on $name', (kind) => {
  let t: TestApp;
  let discord: FakeDiscordBot;
  let owner: SignedIn;
  let helper: SignedIn;
  let roleId: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const holds = () => discord.memberRoles.get(`${GUILD}/${DISCORD_USER}`) ?? new Set<string>();

  beforeAll(async () => {
    discord = await startFakeDiscordBot();
    t = await startTestApp(kind, {
      DISCORD_API_URL: discord.apiUrl,
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_POLL_INTERVAL_MS: '200',
    });
    owner = await signInAs(t, { name: 'Owner', flags: 'z', immunity: 100 });
    helper = await signInAs(t, { name: 'Helper' });
    const saved = await call('PUT', '/api/panel/discord-bot', owner, { botToken: discord.botToken, guildId: GUILD });
    expect(json(saved).guildId).toBe(GUILD);
    const created = await call('POST', '/api/panel/roles', owner, {
      name: 'Moderators',
      codes: [],
      flags: 'b',
      immunityLevel: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    roleId = json(created).id;
  });
  afterAll(async () => {
    await t?.close();
    await discord?.close();
  });

  it('a holder with Discord linked gets the Discord role; taking the Outpost role away takes it', async () => {
    await linkDiscord(t, helper.userId, DISCORD_USER);
    const linked = await call('PUT', `/api/panel/discord-bot/roles/${roleId}`, owner, { discordRoleId: MOD_ROLE });
    expect(json(linked).links).toEqual([{ roleId, discordRoleId: MOD_ROLE }]);
    expect(
      (await call('POST', `/api/panel/roles/${roleId}/holders`, owner, { userId: helper.userId })).statusCode,
    ).toBe(200);
    await vi.waitFor(() => expect([...holds()]).toEqual([MOD_ROLE]), { timeout: 5000 });
    const put = discord.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`/guilds/${GUILD}/members/${DISCORD_USER}/roles/${MOD_ROLE}`);

    expect((await call('DELETE', `/api/panel/roles/${roleId}/holders/${helper.userId}`, owner)).statusCode).toBe(200);
    await vi.waitFor(() => expect([...holds()]).toEqual([]), { timeout: 5000 });
    expect(discord.calls.at(-1)).toMatchObject({ method: 'DELETE', status: 204 });
  });

  it('removing the Discord link takes the role away; a 429 is waited out before the change goes through', async () => {
    expect(
      (await call('POST', `/api/panel/roles/${roleId}/holders`, owner, { userId: helper.userId })).statusCode,
    ).toBe(200);
    await vi.waitFor(() => expect([...holds()]).toEqual([MOD_ROLE]), { timeout: 5000 });
    discord.rateLimitNext(1, 0.3);
    const before = discord.calls.length;
    await t.database.db.deleteFrom('provider_links').where('user_id', '=', helper.userId).execute();
    // As the unlink route says it (the link is auth's; the test removes it directly).
    eventBus(t.database.db).emit('member-roles.changed', { userIds: [helper.userId] });
    await vi.waitFor(() => expect([...holds()]).toEqual([]), { timeout: 5000 });
    const tries = discord.calls.slice(before);
    expect(tries.map((c) => [c.method, c.status])).toEqual([
      ['DELETE', 429],
      ['DELETE', 204],
    ]);
    expect((tries[1]?.at ?? 0) - (tries[0]?.at ?? 0)).toBeGreaterThanOrEqual(290);
  });

  it('clearing the mapping takes the Discord role from its holders', async () => {
    await linkDiscord(t, helper.userId, DISCORD_USER);
    eventBus(t.database.db).emit('member-roles.changed', { userIds: [helper.userId] });
    await vi.waitFor(() => expect([...holds()]).toEqual([MOD_ROLE]), { timeout: 5000 });
    const cleared = await call('PUT', `/api/panel/discord-bot/roles/${roleId}`, owner, { discordRoleId: null });
    expect(json(cleared).links).toEqual([]);
    await vi.waitFor(() => expect([...holds()]).toEqual([]), { timeout: 5000 });
  });

  it('refuses without panel.roles, for an unknown role, and a malformed Discord role id; nothing changes', async () => {
    const refused = [
      [helper, `/api/panel/discord-bot/roles/${roleId}`, { discordRoleId: MOD_ROLE }, 403],
      [owner, '/api/panel/discord-bot/roles/no-such-role', { discordRoleId: MOD_ROLE }, 404],
      [owner, `/api/panel/discord-bot/roles/${roleId}`, { discordRoleId: 'abc' }, 400],
      [owner, `/api/panel/discord-bot/roles/${roleId}`, { discordRoleId: MOD_ROLE, extra: 1 }, 400],
      [owner, `/api/panel/discord-bot/roles/${roleId}`, {}, 400],
    ] as const;
    for (const [who, url, body, status] of refused) {
      const response = await call('PUT', url, who, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(status);
      expect(json(response)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await call('GET', '/api/panel/discord-bot/roles', helper)).statusCode).toBe(403);
    expect(await t.app.inject({ method: 'GET', url: '/api/panel/discord-bot/roles' }).then((r) => r.statusCode)).toBe(
      401,
    );
    expect(json(await call('GET', '/api/panel/discord-bot/roles', owner)).links).toEqual([]);
  });

  it('"Resync all" gives back a role taken by hand in Discord and takes one given by hand, audited', async () => {
    const former = await signInAs(t, { name: 'Former' });
    const FORMER_DISCORD = '220000000000000002';
    await linkDiscord(t, former.userId, FORMER_DISCORD);
    const formerHolds = () => discord.memberRoles.get(`${GUILD}/${FORMER_DISCORD}`) ?? new Set<string>();
    await call('PUT', `/api/panel/discord-bot/roles/${roleId}`, owner, { discordRoleId: MOD_ROLE });
    await call('POST', `/api/panel/roles/${roleId}/holders`, owner, { userId: former.userId });
    await vi.waitFor(() => expect([...holds()]).toEqual([MOD_ROLE]), { timeout: 5000 });
    await vi.waitFor(() => expect([...formerHolds()]).toEqual([MOD_ROLE]), { timeout: 5000 });
    await call('DELETE', `/api/panel/roles/${roleId}/holders/${former.userId}`, owner);
    await vi.waitFor(() => expect([...formerHolds()]).toEqual([]), { timeout: 5000 });
    // In Discord, by hand: the holder's role taken, the former holder's given back.
    discord.memberRoles.set(`${GUILD}/${DISCORD_USER}`, new Set());
    discord.memberRoles.set(`${GUILD}/${FORMER_DISCORD}`, new Set([MOD_ROLE]));

    const resynced = await call('POST', '/api/panel/discord-bot/roles/resync', owner);
    expect(resynced.statusCode, resynced.body).toBe(200);
    expect(json(resynced)).toEqual({ members: 2, changes: 2 });
    await vi.waitFor(() => expect([...holds()]).toEqual([MOD_ROLE]), { timeout: 5000 });
    await vi.waitFor(() => expect([...formerHolds()]).toEqual([]), { timeout: 5000 });
    const audit = await t.database.db.selectFrom('log_entries').select(['message', 'client']).execute();
    expect(audit).toContainEqual({
      message: 'resynced the Discord roles (2 accounts, 2 changes)',
      client: owner.userId,
    });
  });

  it('"Resync all" is refused without panel.roles, signed out, and while the guild is not set; nothing is sent', async () => {
    const before = discord.calls.length;
    const refused = await call('POST', '/api/panel/discord-bot/roles/resync', helper);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/panel/discord-bot/roles/resync' });
    expect(anonymous.statusCode).toBe(401);
    await call('PUT', '/api/panel/discord-bot', owner, { guildId: null });
    const unset = await call('POST', '/api/panel/discord-bot/roles/resync', owner);
    expect(unset.statusCode).toBe(409);
    expect(json(unset)).toEqual({
      error: 'NOT_CONFIGURED',
      message: 'Role sync needs the bot token and the server (guild) id in the Discord bot settings first',
    });
    await call('PUT', '/api/panel/discord-bot', owner, { guildId: GUILD });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(discord.calls.slice(before)).toEqual([]);
  });
});
