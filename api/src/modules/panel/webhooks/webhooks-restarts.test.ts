import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import { openDatabase } from '../../../db/database';
import { migrateToLatest } from '../../../db/migrate';
import { raiseCommunityEvent } from '../../../lib/community-events';
import type { FakeDiscordWebhooks } from '../../../test-support/fakes/fake-discord-webhooks';
import { TEST_PUBLIC_URL } from '../../../test-support/test-app';
import { type TestDatabase, testDatabases } from '../../../test-support/test-databases';
import { ALL_KINDS, until, webhooksHarness } from './webhooks-test-harness';

describe.each(testDatabases())('Discord webhooks: restarts and several instances on $name', (kind) => {
  const harness = webhooksHarness(kind);
  const { env, messagesTo } = harness;
  let discord: FakeDiscordWebhooks;
  beforeAll(() => {
    discord = harness.discord;
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
