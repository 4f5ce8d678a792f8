import { randomBytes } from 'node:crypto';
import { WEBHOOK_EVENT_KINDS } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import type { Config } from '../../../config';
import { toJsonColumn } from '../../../db/json-column';
import { nowSeconds } from '../../../lib/clock';
import type { CommunityEvent } from '../../../lib/community-events';
import type { PanelTables } from '../tables';
import { discordMessage } from './discord-message';
import { queueDelivery, subscribedWebhooks, type WebhookRow, webhookKinds } from './webhooks-repository';

type Db = Kysely<PanelTables>;
type Site = Pick<Config, 'PUBLIC_URL' | 'SITE_NAME'>;

const siteOf = (config: Site) => ({ publicUrl: config.PUBLIC_URL, name: config.SITE_NAME });

/**
 * Queues a community event for every enabled webhook subscribed to its kind: one row per
 * webhook and event key (raising it again queues nothing). Returns how many were queued.
 */
export async function queueCommunityEvent(db: Db, config: Site, event: CommunityEvent): Promise<number> {
  const webhooks = await subscribedWebhooks(db, event.kind);
  if (webhooks.length === 0) return 0;
  const body = toJsonColumn(discordMessage(event, siteOf(config)));
  let queued = 0;
  for (const webhook of webhooks) {
    const id = await queueDelivery(db, {
      webhookId: webhook.id,
      eventKey: event.key,
      kind: event.kind,
      title: event.title,
      body,
      nowMs: Date.now(),
    });
    if (id) queued += 1;
  }
  return queued;
}

/** Queues the Send test button's message for one webhook (sent even while it is switched off). */
export async function queueTestMessage(db: Db, config: Site, webhook: WebhookRow): Promise<string> {
  const kinds = webhookKinds(webhook).map((kind) => WEBHOOK_EVENT_KINDS[kind]);
  const title = `Test message from ${config.SITE_NAME}`;
  const body = toJsonColumn(
    discordMessage(
      {
        kind: 'test',
        title,
        text: `The webhook "${webhook.name}" works: this channel will hear about the events below.`,
        fields: [{ name: 'Events', value: kinds.length > 0 ? kinds.join(', ') : 'none yet' }],
        path: '/panel/webhooks',
        at: nowSeconds(),
      },
      siteOf(config),
    ),
  );
  const id = await queueDelivery(db, {
    webhookId: webhook.id,
    eventKey: `test:${randomBytes(8).toString('hex')}`,
    kind: 'test',
    title,
    body,
    nowMs: Date.now(),
  });
  if (!id) throw new Error('a fresh test key collided');
  return id;
}
