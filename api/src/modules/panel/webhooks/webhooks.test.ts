import { webhookDeliveriesSchema, webhookSchema, webhooksListSchema } from '@outpost/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import { openDatabase } from '../../../db/database';
import { migrateToLatest } from '../../../db/migrate';
import { raiseCommunityEvent } from '../../../lib/community-events';
import { eventBus } from '../../../lib/event-bus';
import { type FakeDiscordWebhooks, startFakeDiscordWebhooks } from '../../../test-support/fakes/fake-discord-webhooks';
import { groupRow, serverRow } from '../../../test-support/server-rows';
import { type SignedIn, signInAs, startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test-support/test-app';
import { type TestDatabase, testDatabases } from '../../../test-support/test-databases';
import { KEEP_PER_WEBHOOK } from './delivery-worker';
import { pruneDeliveries, queueDelivery } from './webhooks-repository';

const ALL_KINDS = [
  'ban.created',
  'ban.lifted',
  'appeal.opened',
  'appeal.decided',
  'report.filed',
  'server.offline',
  'server.online',
  'instance.created',
  'announcement',
];

/** Waits for a condition the worker brings about (polled; the test's own timeout bounds it). */
async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(testDatabases())('Discord webhooks on $name', (kind) => {
  let t: TestApp;
  let discord: FakeDiscordWebhooks;
  let owner: SignedIn;
  const env = () => ({
    DISCORD_WEBHOOK_URL: discord.url,
    WEBHOOK_POLL_INTERVAL_MS: '100',
    WEBHOOK_RETRY_BASE_MS: '100',
    WEBHOOK_TIMEOUT_MS: '3000',
  });

  beforeAll(async () => {
    discord = await startFakeDiscordWebhooks();
    t = await startTestApp(kind, env());
    owner = await signInAs(t, { name: 'Owner', flags: 'z', immunity: 100 });
  });
  afterAll(async () => {
    await t?.close();
    await discord?.close();
  });
  afterEach(() => {
    discord.script.clear();
    discord.deleted.clear();
    discord.bucketResetAfter = null;
    discord.releaseHung();
  });

  const call = (who: SignedIn | null, request: InjectOptions) =>
    t.app.inject({ ...request, headers: { ...(who?.headers ?? {}), ...(request.headers ?? {}) } });
  const db = () => t.database.db;
  const countRows = async (table: 'panel_webhooks' | 'panel_webhook_deliveries' | 'settings') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const addWebhook = async (body: Record<string, unknown> = {}) => {
    const hook = discord.newWebhookUrl();
    const response = await call(owner, {
      method: 'POST',
      url: '/api/panel/webhooks',
      payload: { name: 'Staff channel', url: hook.url, kinds: ALL_KINDS, ...body },
    });
    expect(response.statusCode).toBe(201);
    return { ...hook, webhook: webhookSchema.parse(response.json()) };
  };
  const deliveries = async (id: string) =>
    webhookDeliveriesSchema.parse(
      (await call(owner, { method: 'GET', url: `/api/panel/webhooks/${id}/deliveries` })).json(),
    ).deliveries;
  const messagesTo = (webhookId: string) => discord.messages.filter((message) => message.webhookId === webhookId);
  const sendTest = async (id: string) => {
    const response = await call(owner, { method: 'POST', url: `/api/panel/webhooks/${id}/test` });
    expect(response.statusCode).toBe(202);
    return response.json() as { id: string; state: string };
  };
  const deliveryState = async (webhookId: string, deliveryId: string) =>
    (await deliveries(webhookId)).find((delivery) => delivery.id === deliveryId);

  describe('permission matrix: every endpoint refuses the signed-out (401) and those without its code (403)', () => {
    const endpoints: { code: string; request: InjectOptions }[] = [
      { code: 'webhooks.manage', request: { method: 'GET', url: '/api/panel/webhooks' } },
      {
        code: 'webhooks.manage',
        request: {
          method: 'POST',
          url: '/api/panel/webhooks',
          payload: {
            name: 'X',
            url: 'https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz',
            kinds: [],
          },
        },
      },
      {
        code: 'webhooks.manage',
        request: { method: 'PATCH', url: '/api/panel/webhooks/nope', payload: { name: 'Y' } },
      },
      { code: 'webhooks.manage', request: { method: 'DELETE', url: '/api/panel/webhooks/nope' } },
      { code: 'webhooks.manage', request: { method: 'GET', url: '/api/panel/webhooks/nope/deliveries' } },
      { code: 'webhooks.manage', request: { method: 'POST', url: '/api/panel/webhooks/nope/test' } },
      { code: 'webhooks.manage', request: { method: 'POST', url: '/api/panel/webhooks/nope/deliveries/d/retry' } },
      {
        code: 'panel.settings',
        request: { method: 'PUT', url: '/api/panel/webhooks/settings', payload: { allowAnyHttps: false } },
      },
    ];
    it.each(endpoints)('$request.method $request.url needs $code', async ({ code, request }) => {
      const before = await Promise.all([
        countRows('panel_webhooks'),
        countRows('panel_webhook_deliveries'),
        countRows('settings'),
      ]);
      const anonymous = await call(null, request);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
      // panel.view, panel.settings and webhooks-like codes that are not this one do not open it.
      const wrong = await signInAs(t, {
        codes: ['panel.view', 'webhooks.view', code === 'panel.settings' ? 'webhooks.manage' : 'panel.settings'],
      });
      const refused = await call(wrong, request);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('FORBIDDEN');
      expect(
        await Promise.all([countRows('panel_webhooks'), countRows('panel_webhook_deliveries'), countRows('settings')]),
      ).toEqual(before);
      const holder = await signInAs(t, { codes: [code] });
      const allowed = await call(holder, request);
      expect([401, 403]).not.toContain(allowed.statusCode);
      expect(allowed.statusCode).toBeLessThan(500);
    });
  });

  describe('URLs', () => {
    const id = '223456789012345678';
    const token = 'AbCdEf_gh-IJklmnopQRstuvWXyz0123456789abcdefghijklmnopqrstuvwxyz01';
    const hostile: [string, string][] = [
      ['plain http', `http://discord.com/api/webhooks/${id}/${token}`],
      ['another scheme', `ftp://discord.com/api/webhooks/${id}/${token}`],
      ['javascript:', 'javascript:alert(1)'],
      ['no URL at all', 'discord webhook please'],
      ['userinfo before the host', `https://discord.com@evil.example/api/webhooks/${id}/${token}`],
      ['userinfo with a password', `https://user:pass@discord.com/api/webhooks/${id}/${token}`],
      ['another host', `https://evil.example/api/webhooks/${id}/${token}`],
      ['a look-alike suffix', `https://discord.com.evil.example/api/webhooks/${id}/${token}`],
      ['a look-alike prefix', `https://evildiscord.com/api/webhooks/${id}/${token}`],
      ['a look-alike subdomain', `https://discord.evil.example/api/webhooks/${id}/${token}`],
      ['a homoglyph host', `https://dіscord.com/api/webhooks/${id}/${token}`],
      ['a trailing-dot host', `https://discord.com./api/webhooks/${id}/${token}`],
      ['an upper-case host', `https://DISCORD.com/api/webhooks/${id}/${token}`],
      ['another Discord subdomain', `https://cdn.discord.com/api/webhooks/${id}/${token}`],
      ['an IPv4 literal', `https://162.159.128.233/api/webhooks/${id}/${token}`],
      ['an IPv6 literal', `https://[::1]/api/webhooks/${id}/${token}`],
      ['a decimal IP', `https://2130706433/api/webhooks/${id}/${token}`],
      ['a port', `https://discord.com:8443/api/webhooks/${id}/${token}`],
      ['the default port spelled out', `https://discord.com:443/api/webhooks/${id}/${token}`],
      ['a dot-dot path', `https://discord.com/api/webhooks/../../evil/${id}/${token}`],
      ['an encoded dot-dot', `https://discord.com/api/webhooks/%2e%2e/${id}/${token}`],
      ['an encoded slash', `https://discord.com/api/webhooks/${id}%2F${token}`],
      ['backslashes', `https://discord.com\\api\\webhooks\\${id}\\${token}`],
      ['a backslash host trick', `https://evil.example\\@discord.com/api/webhooks/${id}/${token}`],
      ['a fragment host trick', `https://evil.example#@discord.com/api/webhooks/${id}/${token}`],
      ['a query', `https://discord.com/api/webhooks/${id}/${token}?wait=true`],
      ['a fragment', `https://discord.com/api/webhooks/${id}/${token}#x`],
      ['extra path after the token', `https://discord.com/api/webhooks/${id}/${token}/slack`],
      ['a non-webhook Discord path', 'https://discord.com/api/users/@me'],
      ['an id that is no snowflake', `https://discord.com/api/webhooks/abc/${token}`],
      ['no token', `https://discord.com/api/webhooks/${id}`],
      ['a token with odd characters', `https://discord.com/api/webhooks/${id}/abc$def%20ghijklmnopqrstuvwxyz`],
      ['a tab inside', `https://discord.com/api/webhooks/${id}/\t${token}`],
      ['a newline inside', `https://discord.com/api/webhooks/${id}/${token}\n`.replace(/\n$/, '\nx')],
      ['far too long', `https://discord.com/api/webhooks/${id}/${'a'.repeat(600)}`],
    ];

    it.each(hostile)('refuses %s with 400 INVALID_WEBHOOK_URL and stores nothing', async (_, url) => {
      const before = await countRows('panel_webhooks');
      const response = await call(owner, {
        method: 'POST',
        url: '/api/panel/webhooks',
        payload: { name: 'Bad', url, kinds: ['ban.created'] },
      });
      expect(response.statusCode).toBe(400);
      expect(['INVALID_WEBHOOK_URL', 'VALIDATION_FAILED']).toContain(response.json().error);
      expect(response.json().message).toEqual(expect.any(String));
      expect(await countRows('panel_webhooks')).toBe(before);
    });

    it.each([
      ['discord.com', `https://discord.com/api/webhooks/${id}/${token}`],
      ['discordapp.com', `https://discordapp.com/api/webhooks/${id}/${token}`],
      ['canary', `https://canary.discord.com/api/webhooks/${id}/${token}`],
      ['PTB', `https://ptb.discord.com/api/webhooks/${id}/${token}`],
      ['a versioned API path', `https://discord.com/api/v10/webhooks/${id}/${token}`],
    ])('accepts a Discord webhook URL on %s and never answers its token', async (_, url) => {
      const response = await call(owner, {
        method: 'POST',
        url: '/api/panel/webhooks',
        payload: { name: 'Good', url, kinds: ['ban.created'] },
      });
      expect(response.statusCode).toBe(201);
      expect(response.body).not.toContain(token);
      const webhook = webhookSchema.parse(response.json());
      expect(webhook.maskedUrl).toBe(`${new URL(url).host}/api/webhooks/${id}/…`);
      const list = await call(owner, { method: 'GET', url: '/api/panel/webhooks' });
      expect(list.body).not.toContain(token);
      const audit = (await db().selectFrom('log_entries').select('message').execute())
        .map((row) => row.message)
        .join('\n');
      expect(audit).not.toContain(token);
      // Stored whole: it has to be sent.
      const stored = await db()
        .selectFrom('panel_webhooks')
        .select('url')
        .where('id', '=', webhook.id)
        .executeTakeFirstOrThrow();
      expect(stored.url).toBe(url);
      await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${webhook.id}` });
    });

    it('takes any public https URL only while the site setting allows it, never an IP, port or local name', async () => {
      const other = { name: 'Relay', url: 'https://hooks.example.org/outpost/abc', kinds: ['announcement'] };
      const refused = await call(owner, { method: 'POST', url: '/api/panel/webhooks', payload: other });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('INVALID_WEBHOOK_URL');
      expect(
        (await call(owner, { method: 'PUT', url: '/api/panel/webhooks/settings', payload: { allowAnyHttps: true } }))
          .statusCode,
      ).toBe(200);
      try {
        const listed = webhooksListSchema.parse(
          (await call(owner, { method: 'GET', url: '/api/panel/webhooks' })).json(),
        );
        expect(listed.allowAnyHttps).toBe(true);
        const accepted = await call(owner, { method: 'POST', url: '/api/panel/webhooks', payload: other });
        expect(accepted.statusCode).toBe(201);
        expect(accepted.json().maskedUrl).toBe('hooks.example.org/…');
        await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${accepted.json().id}` });
        for (const url of [
          'http://hooks.example.org/x',
          'https://127.0.0.1/x',
          'https://[fd00::1]/x',
          'https://10.0.0.8/x',
          'https://localhost/x',
          'https://router.local/x',
          'https://metadata.internal/x',
          'https://intranet/x',
          'https://hooks.example.org:8443/x',
          'https://me@hooks.example.org/x',
        ]) {
          const response = await call(owner, {
            method: 'POST',
            url: '/api/panel/webhooks',
            payload: { ...other, url },
          });
          expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        }
      } finally {
        await call(owner, { method: 'PUT', url: '/api/panel/webhooks/settings', payload: { allowAnyHttps: false } });
      }
    });
  });

  describe('bad input is a 4xx and stores nothing', () => {
    const url = 'https://discord.com/api/webhooks/323456789012345678/abcdefghijklmnopqrstuvwxyz';
    it.each([
      ['no name', { name: '', url, kinds: [] }],
      ['a name too long', { name: 'x'.repeat(81), url, kinds: [] }],
      ['an unknown kind', { name: 'X', url, kinds: ['ban.deleted'] }],
      ['a kind twice', { name: 'X', url, kinds: ['ban.created', 'ban.created'] }],
      ['kinds not a list', { name: 'X', url, kinds: 'ban.created' }],
      ['enabled as text', { name: 'X', url, kinds: [], enabled: 'yes' }],
      ['an unknown field', { name: 'X', url, kinds: [], secret: 1 }],
      ['no URL', { name: 'X', kinds: [] }],
      ['not an object', []],
    ])('POST with %s', async (_, payload) => {
      const before = await countRows('panel_webhooks');
      const response = await call(owner, { method: 'POST', url: '/api/panel/webhooks', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
      expect(await countRows('panel_webhooks')).toBe(before);
    });

    it('PATCH with a bad URL changes nothing; unknown ids are 404', async () => {
      const { webhook, url: original } = await addWebhook();
      const bad = await call(owner, {
        method: 'PATCH',
        url: `/api/panel/webhooks/${webhook.id}`,
        payload: { name: 'Renamed', url: 'https://evil.example/api/webhooks/1/2' },
      });
      expect(bad.statusCode).toBe(400);
      const row = await db()
        .selectFrom('panel_webhooks')
        .selectAll()
        .where('id', '=', webhook.id)
        .executeTakeFirstOrThrow();
      expect([row.name, row.url]).toEqual(['Staff channel', original]);
      for (const request of [
        { method: 'PATCH' as const, url: '/api/panel/webhooks/nope', payload: { name: 'Y' } },
        { method: 'DELETE' as const, url: '/api/panel/webhooks/nope' },
        { method: 'POST' as const, url: '/api/panel/webhooks/nope/test' },
        { method: 'GET' as const, url: '/api/panel/webhooks/nope/deliveries' },
      ]) {
        const response = await call(owner, request);
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toBe('WEBHOOK_NOT_FOUND');
      }
      await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${webhook.id}` });
    });
  });

  describe('delivery', () => {
    it('Send test answers at once and the message reaches Discord as an embed linking back to the site', async () => {
      const { webhook, id, token } = await addWebhook({ kinds: ['ban.created', 'announcement'] });
      const queued = await sendTest(webhook.id);
      expect(queued.state).toBe('pending');
      const [message] = await until(
        () => messagesTo(id),
        (list) => list.length === 1,
      );
      expect(message?.token).toBe(token);
      expect(message?.wait).toBe(true);
      expect(message?.body.allowed_mentions).toEqual({ parse: [] });
      const embed = message?.body.embeds?.[0];
      expect(embed).toMatchObject({
        title: 'Test message from Outpost',
        url: `${TEST_PUBLIC_URL}/panel/webhooks`,
        color: expect.any(Number),
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(embed?.fields).toEqual([{ name: 'Events', value: 'Ban created, Announcement', inline: true }]);
      const done = await until(
        () => deliveryState(webhook.id, queued.id),
        (delivery) => delivery?.state === 'delivered',
      );
      expect(done).toMatchObject({ attempts: 1, lastStatus: 200, lastError: null, kind: 'test' });
    });

    it('a ban, its lift and an announcement reach the webhooks subscribed to them, and only those', async () => {
      const bans = await addWebhook({ name: 'Bans', kinds: ['ban.created', 'ban.lifted'] });
      const news = await addWebhook({ name: 'News', kinds: ['announcement'] });
      const off = await addWebhook({ name: 'Off', kinds: ALL_KINDS, enabled: false });
      const ban = await call(owner, {
        method: 'POST',
        url: '/api/bans',
        payload: { steamid: 'STEAM_0:1:4242', playerName: '@everyone Cheater', reason: 'Aimbot', length: 86400 },
      });
      expect(ban.statusCode).toBe(201);
      const [created] = await until(
        () => messagesTo(bans.id),
        (list) => list.length === 1,
      );
      const embed = created?.body.embeds?.[0];
      expect(embed?.title).toBe('Ban: @everyone Cheater');
      expect(embed?.description).toBe('Reason: Aimbot');
      const steamid = ban.json().steamid as string;
      expect(embed?.url).toBe(`${TEST_PUBLIC_URL}/bans?q=${steamid}`);
      expect(embed?.fields).toEqual(
        expect.arrayContaining([
          { name: 'Steam ID', value: steamid, inline: true },
          { name: 'Length', value: '1 day(s)', inline: true },
        ]),
      );
      // No one is pinged by a name that says @everyone.
      expect(created?.body.allowed_mentions).toEqual({ parse: [] });
      const lifted = await call(owner, {
        method: 'POST',
        url: `/api/bans/${ban.json().id}/unban`,
        payload: { reason: 'Appeal accepted' },
      });
      expect(lifted.statusCode).toBe(200);
      const both = await until(
        () => messagesTo(bans.id),
        (list) => list.length === 2,
      );
      expect(both[1]?.body.embeds?.[0]?.title).toBe('Ban lifted: @everyone Cheater');
      const announced = await call(owner, {
        method: 'POST',
        url: '/api/panel/announcements',
        payload: { audience: { kind: 'everyone' }, level: 1, message: 'Servers restart at 04:00', link: '/events/3' },
      });
      expect(announced.statusCode).toBe(201);
      const [news1] = await until(
        () => messagesTo(news.id),
        (list) => list.length === 1,
      );
      expect(news1?.body.embeds?.[0]).toMatchObject({
        title: 'Announcement',
        description: 'Servers restart at 04:00',
        url: `${TEST_PUBLIC_URL}/events/3`,
      });
      // A message to one user is not for Discord.
      await call(owner, {
        method: 'POST',
        url: '/api/panel/announcements',
        payload: { audience: { kind: 'user', userId: owner.userId }, level: 1, message: 'Private' },
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(messagesTo(news.id)).toHaveLength(1);
      expect(messagesTo(bans.id)).toHaveLength(2);
      expect(messagesTo(off.id)).toHaveLength(0);
      expect(await countRows('panel_webhook_deliveries')).toBeGreaterThan(0);
      expect((await deliveries(off.webhook.id)).length).toBe(0);
      for (const hook of [bans, news, off])
        await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${hook.webhook.id}` });
    });

    it('servers going offline and back and new instances are told from the panel alerts', async () => {
      const { webhook, id } = await addWebhook({
        name: 'Servers',
        kinds: ['server.offline', 'server.online', 'instance.created'],
      });
      await db()
        .insertInto('server_groups')
        .values(groupRow({ id: 'wh', name: 'WH', type: 'custom' }))
        .execute();
      await db()
        .insertInto('servers')
        .values(serverRow({ id: 'wh-1', group_id: 'wh', name: 'Webhook #1', port: 27015 }))
        .execute();
      const sweep = (at: number, online: boolean) =>
        eventBus(t.app.db).emit('sweep.finished', {
          at,
          durationMs: 1,
          servers: 1,
          answered: online ? 1 : 0,
          statuses: [{ id: 'wh-1', online }],
        });
      sweep(1_000_000, true);
      sweep(1_000_015, false);
      const [offline] = await until(
        () => messagesTo(id),
        (list) => list.length === 1,
      );
      expect(offline?.body.embeds?.[0]?.title).toBe('Server "Webhook #1" went offline');
      sweep(1_000_015 + 3600, true);
      const back = await until(
        () => messagesTo(id),
        (list) => list.length === 2,
      );
      expect(back[1]?.body.embeds?.[0]?.title).toBe('Server "Webhook #1" is back online');
      eventBus(t.app.db).emit('instance.outcome', { groupName: 'WH', ok: true, detail: 'WH #2', serverId: 'wh-2' });
      const three = await until(
        () => messagesTo(id),
        (list) => list.length === 3,
      );
      expect(three[2]?.body.embeds?.[0]?.title).toBe('New server "WH #2" is up');
      await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${webhook.id}` });
    });

    it('an event raised twice (same key) is delivered once per webhook', async () => {
      const { webhook, id } = await addWebhook({ kinds: ['report.filed'] });
      const event = {
        kind: 'report.filed' as const,
        key: 'report.filed:dedupe-1',
        title: 'Report: Griefer',
        text: 'Team killing',
        fields: [],
        path: '/admin/reports/1',
        at: 1_700_000_000,
      };
      raiseCommunityEvent(t.app.db, event);
      raiseCommunityEvent(t.app.db, event);
      await until(
        () => messagesTo(id),
        (list) => list.length === 1,
      );
      raiseCommunityEvent(t.app.db, event);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(messagesTo(id)).toHaveLength(1);
      expect(await deliveries(webhook.id)).toHaveLength(1);
      await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${webhook.id}` });
    });

    it('lists deliveries newest first, also those queued within the same second', async () => {
      const { webhook } = await addWebhook({ enabled: false });
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) ids.push((await sendTest(webhook.id)).id);
      expect((await deliveries(webhook.id)).map((delivery) => delivery.id)).toEqual([...ids].reverse());
      const listed = webhooksListSchema.parse(
        (await call(owner, { method: 'GET', url: '/api/panel/webhooks' })).json(),
      );
      expect(listed.webhooks.find((entry) => entry.id === webhook.id)?.lastDelivery?.id).toBe(ids.at(-1));
      await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${webhook.id}` });
    });

    it('a 429 waits at least what Discord says (retry_after and Retry-After) before the next try', async () => {
      const { webhook, id } = await addWebhook();
      // retry_after 0.7 s in the body, Retry-After: 1 (whole seconds): the longer one is waited.
      discord.script.set(id, [{ kind: 'rate-limit', retryAfter: 0.7 }]);
      const queued = await sendTest(webhook.id);
      const pending = await until(
        () => deliveryState(webhook.id, queued.id),
        (delivery) => delivery?.attempts === 1,
      );
      expect(pending).toMatchObject({
        state: 'pending',
        lastStatus: 429,
        lastError: 'Rate limited (429): retry after 1.0 s',
      });
      await until(
        () => messagesTo(id),
        (list) => list.length === 1,
      );
      const [first, second] = discord.requests.filter((request) => request.webhookId === id);
      expect(first?.status).toBe(429);
      expect(second?.status).toBe(200);
      expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(1000);
      const done = await until(
        () => deliveryState(webhook.id, queued.id),
        (delivery) => delivery?.state === 'delivered',
      );
      expect(done?.attempts).toBe(2);
      await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${webhook.id}` });
    });

    it('an empty rate-limit bucket (X-RateLimit-Remaining: 0) holds the next message until it resets', async () => {
      const { webhook, id } = await addWebhook();
      discord.bucketResetAfter = 0.8;
      await sendTest(webhook.id);
      await sendTest(webhook.id);
      const [first, second] = await until(
        () => messagesTo(id),
        (list) => list.length === 2,
      );
      expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(800);
      await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${webhook.id}` });
    });

    it('5xx answers are retried with back-off, then delivered; the attempts and last error show', async () => {
      const { webhook, id } = await addWebhook();
      discord.script.set(id, [
        { kind: 'status', status: 502 },
        { kind: 'status', status: 503 },
      ]);
      const queued = await sendTest(webhook.id);
      const failing = await until(
        () => deliveryState(webhook.id, queued.id),
        (delivery) => (delivery?.attempts ?? 0) >= 1,
      );
      expect(failing?.lastError).toMatch(/^The webhook answered 50[23]/);
      const done = await until(
        () => deliveryState(webhook.id, queued.id),
        (delivery) => delivery?.state === 'delivered',
      );
      expect(done?.attempts).toBe(3);
      const times = discord.requests.filter((request) => request.webhookId === id).map((request) => request.at);
      // Back-off doubles from WEBHOOK_RETRY_BASE_MS (100 ms): 100 then 200.
      expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(100);
      expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(200);
      await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${webhook.id}` });
    });

    it('a 400 fails the delivery at once; a 404 (webhook deleted in Discord) also disables the webhook and says why', async () => {
      const { webhook, id } = await addWebhook();
      discord.script.set(id, [{ kind: 'status', status: 400 }]);
      const refused = await sendTest(webhook.id);
      const failed = await until(
        () => deliveryState(webhook.id, refused.id),
        (delivery) => delivery?.state === 'failed',
      );
      expect(failed).toMatchObject({ attempts: 1, lastStatus: 400 });
      expect(failed?.lastError).toContain('refused the message (400: Invalid Form Body)');
      // Sent again by hand, it goes through (the fake takes it now).
      const retried = await call(owner, {
        method: 'POST',
        url: `/api/panel/webhooks/${webhook.id}/deliveries/${refused.id}/retry`,
      });
      expect(retried.statusCode).toBe(202);
      expect(retried.json()).toMatchObject({ state: 'pending', attempts: 0, lastError: null });
      await until(
        () => deliveryState(webhook.id, refused.id),
        (delivery) => delivery?.state === 'delivered',
      );
      const twice = await call(owner, {
        method: 'POST',
        url: `/api/panel/webhooks/${webhook.id}/deliveries/${refused.id}/retry`,
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error).toBe('DELIVERY_NOT_FAILED');
      const unknown = await call(owner, {
        method: 'POST',
        url: `/api/panel/webhooks/${webhook.id}/deliveries/nope/retry`,
      });
      expect(unknown.statusCode).toBe(404);
      discord.deleted.add(id);
      const gone = await sendTest(webhook.id);
      const goneDelivery = await until(
        () => deliveryState(webhook.id, gone.id),
        (delivery) => delivery?.state === 'failed',
      );
      expect(goneDelivery?.lastError).toContain('Unknown Webhook');
      const list = webhooksListSchema.parse((await call(owner, { method: 'GET', url: '/api/panel/webhooks' })).json());
      const shown = list.webhooks.find((entry) => entry.id === webhook.id);
      expect(shown?.enabled).toBe(false);
      expect(shown?.disabledReason).toContain('no longer exists (404: Unknown Webhook)');
      expect(shown?.failed).toBe(1);
      // Switching it back on (after fixing it in Discord) clears the reason.
      discord.deleted.delete(id);
      const again = await call(owner, {
        method: 'PATCH',
        url: `/api/panel/webhooks/${webhook.id}`,
        payload: { enabled: true },
      });
      expect(again.json()).toMatchObject({ enabled: true, disabledReason: null });
      await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${webhook.id}` });
    });

    it('no request waits for Discord: while it hangs, bans, tests and the panel answer at once', async () => {
      const { webhook, id } = await addWebhook({ kinds: ['ban.created'] });
      discord.script.set(id, [{ kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' }]);
      await sendTest(webhook.id);
      await until(
        () => discord.requests.filter((request) => request.webhookId === id && request.status === 'hung'),
        (list) => list.length === 1,
      );
      const started = Date.now();
      const ban = await call(owner, {
        method: 'POST',
        url: '/api/bans',
        payload: { steamid: 'STEAM_0:0:777', reason: 'Hanging test', length: 600 },
      });
      expect(ban.statusCode).toBe(201);
      const test = await call(owner, { method: 'POST', url: `/api/panel/webhooks/${webhook.id}/test` });
      expect(test.statusCode).toBe(202);
      const list = await call(owner, { method: 'GET', url: '/api/panel/webhooks' });
      expect(list.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
      const shown = webhooksListSchema.parse(list.json()).webhooks.find((entry) => entry.id === webhook.id);
      expect(shown?.pending).toBeGreaterThanOrEqual(2);
      discord.releaseHung();
      await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${webhook.id}` });
    });

    it('keeps the history bounded: old finished deliveries and those beyond the newest per webhook go', async () => {
      const { webhook } = await addWebhook({ enabled: false });
      const now = Date.now();
      for (let i = 0; i < KEEP_PER_WEBHOOK + 20; i += 1) {
        const deliveryId = await queueDelivery(db(), {
          webhookId: webhook.id,
          eventKey: `old:${i}`,
          kind: 'test',
          title: 't',
          body: '{}',
          nowMs: now - i * 1000,
        });
        await db()
          .updateTable('panel_webhook_deliveries')
          .set({ state: 'delivered', finished_at: Math.floor(now / 1000) - (i < 5 ? 30 * 86400 : i) })
          .where('id', '=', deliveryId as string)
          .execute();
      }
      await queueDelivery(db(), {
        webhookId: webhook.id,
        eventKey: 'still-pending',
        kind: 'announcement',
        title: 't',
        body: '{}',
        nowMs: now,
      });
      const removed = await pruneDeliveries(db(), Math.floor(now / 1000) - 7 * 86400, KEEP_PER_WEBHOOK);
      expect(removed).toBe(20);
      const left = await db()
        .selectFrom('panel_webhook_deliveries')
        .select(['state'])
        .where('webhook_id', '=', webhook.id)
        .execute();
      expect(left.filter((row) => row.state === 'delivered')).toHaveLength(KEEP_PER_WEBHOOK);
      expect(left.filter((row) => row.state === 'pending')).toHaveLength(1);
      await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${webhook.id}` });
    });
  });

  describe('restarts and several instances', () => {
    /** An API instance on an existing database, as a restart or a second instance opens it. */
    async function openInstance(url: string, extra: Record<string, string> = {}) {
      const config = loadConfig({
        DATABASE_URL: url,
        LOG_LEVEL: 'silent',
        PUBLIC_URL: TEST_PUBLIC_URL,
        WEB_ROOT: 'none',
        STEAM_STATUS_URL: 'none',
        POLLER_ENABLED: 'false',
        ...env(),
        ...extra,
      });
      const database = openDatabase(config.DATABASE_URL);
      await migrateToLatest(database.db);
      const app = await buildApp({ config, database });
      await app.ready();
      return {
        app,
        db: database.db,
        async close() {
          await app.close();
          await database.close();
        },
      };
    }
    let created: Awaited<ReturnType<TestDatabase['create']>> | null = null;
    afterEach(async () => {
      await created?.drop();
      created = null;
    });
    const seedWebhook = async (instance: Awaited<ReturnType<typeof openInstance>>) => {
      const hook = discord.newWebhookUrl();
      await instance.db
        .insertInto('panel_webhooks')
        .values({
          id: `wh${hook.id}`,
          name: 'Restart',
          url: hook.url,
          kinds: JSON.stringify(ALL_KINDS),
          enabled: 1,
          disabled_reason: null,
          rate_limited_until: 0,
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      return { ...hook, rowId: `wh${hook.id}` };
    };
    const event = (key: string) => ({
      kind: 'announcement' as const,
      key,
      title: `Announcement ${key}`,
      text: 'x',
      fields: [],
      path: '/',
      at: 1_700_000_000,
    });

    it('a delivery queued before a restart is sent after it', async () => {
      created = await kind.create();
      const first = await openInstance(created.url, { WEBHOOKS_SEND: 'false' });
      const hook = await seedWebhook(first);
      raiseCommunityEvent(first.app.db, event('restart:1'));
      await until(
        () => first.db.selectFrom('panel_webhook_deliveries').select('state').execute(),
        (rows) => rows.length === 1,
      );
      await first.close();
      expect(messagesTo(hook.id)).toHaveLength(0);
      const second = await openInstance(created.url);
      try {
        await until(
          () => messagesTo(hook.id),
          (list) => list.length === 1,
        );
        const rows = await until(
          () => second.db.selectFrom('panel_webhook_deliveries').select('state').execute(),
          (list) => list[0]?.state === 'delivered',
        );
        expect(rows).toHaveLength(1);
      } finally {
        await second.close();
      }
    });

    it('a send cut short by a shutdown is handed back and sent by the next start', async () => {
      created = await kind.create();
      const first = await openInstance(created.url);
      const hook = await seedWebhook(first);
      discord.script.set(hook.id, [{ kind: 'hang' }]);
      raiseCommunityEvent(first.app.db, event('restart:2'));
      await until(
        () => discord.requests.filter((request) => request.webhookId === hook.id),
        (list) => list.length === 1,
      );
      const closing = Date.now();
      await first.close();
      expect(Date.now() - closing).toBeLessThan(2000);
      const row = await (async () => {
        const second = await openInstance(created.url);
        try {
          await until(
            () => messagesTo(hook.id),
            (list) => list.length === 1,
          );
          return await until(
            () => second.db.selectFrom('panel_webhook_deliveries').selectAll().executeTakeFirstOrThrow(),
            (delivery) => delivery.state === 'delivered',
          );
        } finally {
          await second.close();
        }
      })();
      // The abandoned send is not counted as an attempt.
      expect(Number(row.attempts)).toBe(1);
    });

    it('with two instances on one database every delivery is sent exactly once', async () => {
      created = await kind.create();
      const a = await openInstance(created.url);
      const b = await openInstance(created.url);
      try {
        const hooks = [await seedWebhook(a), await seedWebhook(a), await seedWebhook(a)];
        for (let i = 0; i < 8; i += 1) {
          raiseCommunityEvent(i % 2 === 0 ? a.app.db : b.app.db, event(`multi:${i}`));
        }
        const ids = new Set(hooks.map((hook) => hook.id));
        const mine = () => discord.messages.filter((message) => ids.has(message.webhookId));
        await until(mine, (list) => list.length >= 24);
        await new Promise((resolve) => setTimeout(resolve, 500));
        const seen = mine().map((message) => `${message.webhookId}:${message.body.embeds?.[0]?.title}`);
        expect(seen).toHaveLength(24);
        expect(new Set(seen).size).toBe(24);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
});
