import { webhooksListSchema } from '@outpost/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { raiseCommunityEvent } from '../../../lib/community-events';
import { eventBus } from '../../../lib/event-bus';
import type { FakeDiscordWebhooks } from '../../../test-support/fakes/fake-discord-webhooks';
import { groupRow, serverRow } from '../../../test-support/server-rows';
import { type SignedIn, TEST_PUBLIC_URL, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { KEEP_PER_WEBHOOK } from './delivery-worker';
import { pruneDeliveries, queueDelivery } from './webhooks-repository';
import { ALL_KINDS, until, webhooksHarness } from './webhooks-test-harness';

describe.each(testDatabases())('Discord webhooks: delivery on $name', (kind) => {
  const harness = webhooksHarness(kind);
  const { call, db, countRows, addWebhook, deliveries, messagesTo, sendTest, deliveryState } = harness;
  let t: TestApp;
  let discord: FakeDiscordWebhooks;
  let owner: SignedIn;
  beforeAll(() => {
    ({ t, discord, owner } = harness);
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
          { name: 'Applies to', value: 'All servers', inline: true },
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
          // Not 'test': test messages go out even from a switched-off webhook, and the running
          // worker could claim one between its queueing and the update below, then overwrite its state.
          kind: 'announcement',
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
});
