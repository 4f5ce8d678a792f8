import { webhookDeliveriesSchema, webhookSchema } from '@outpost/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { COMMUNITY_EVENT_KINDS } from '../../../lib/community-events';
import { callAs, rowCount } from '../../../test-support/app-queries';
import { type FakeDiscordWebhooks, startFakeDiscordWebhooks } from '../../../test-support/fakes/fake-discord-webhooks';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import type { TestDatabase } from '../../../test-support/test-databases';

// What the webhook test files share (webhooks-*.test.ts, split by topic): the app on a fake
// Discord, a signed-in owner, and helpers for webhooks and their deliveries.

/** Every kind of community event, for a webhook that hears them all. */
export const ALL_KINDS = [...COMMUNITY_EVENT_KINDS];

/** Waits for a condition the worker brings about (polled; the test's own timeout bounds it). */
export async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Registers the hooks of one database's run; the app, fake and owner exist from beforeAll on. */
export function webhooksHarness(kind: TestDatabase) {
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

  const call = (who: SignedIn | null, request: InjectOptions): Promise<LightMyRequestResponse> =>
    callAs(t, who, request);
  const db = () => t.database.db;
  const countRows = (table: 'panel_webhooks' | 'panel_webhook_deliveries' | 'settings') => rowCount(t, table);
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

  return {
    get t() {
      return t;
    },
    get discord() {
      return discord;
    },
    get owner() {
      return owner;
    },
    env,
    call,
    db,
    countRows,
    addWebhook,
    deliveries,
    messagesTo,
    sendTest,
    deliveryState,
  };
}
