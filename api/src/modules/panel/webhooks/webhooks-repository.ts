import { randomBytes } from 'node:crypto';
import type { Webhook, WebhookDelivery, WebhookEventKind } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { fromJsonColumn } from '../../../db/json-column';
import type { PanelTables, PanelWebhookDeliveriesTable, PanelWebhooksTable } from '../tables';
import { maskWebhookUrl } from './webhook-url';

type Db = Kysely<PanelTables>;
export type WebhookRow = PanelWebhooksTable;
export type DeliveryRow = PanelWebhookDeliveriesTable;

export const newWebhookId = () => randomBytes(12).toString('hex');
/**
 * Delivery ids sort in the order they were queued (milliseconds first, fixed width), so
 * "newest first" holds between deliveries queued within the same second (created_at is seconds).
 */
export const newDeliveryId = () => `${Date.now().toString(36).padStart(10, '0')}${randomBytes(8).toString('hex')}`;

// PostgreSQL answers bigint columns as strings: every number read goes through Number().
export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    state: row.state as WebhookDelivery['state'],
    attempts: Number(row.attempts),
    nextAttemptAt: row.state === 'pending' ? Number(row.next_attempt_at) : null,
    lastStatus: row.last_status === null ? null : Number(row.last_status),
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
  };
}

export function webhookKinds(row: Pick<WebhookRow, 'kinds'>): WebhookEventKind[] {
  return fromJsonColumn<WebhookEventKind[]>(row.kinds, []);
}

export async function findWebhook(db: Db, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('panel_webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countWebhooks(db: Db): Promise<number> {
  const row = await db
    .selectFrom('panel_webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every webhook with its queue figures and last delivery, oldest first. */
export async function listWebhooks(db: Db): Promise<Webhook[]> {
  const rows = await db.selectFrom('panel_webhooks').selectAll().orderBy('created_at').orderBy('id').execute();
  const counts = await db
    .selectFrom('panel_webhook_deliveries')
    .select(['webhook_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('state', 'in', ['pending', 'failed'])
    .groupBy(['webhook_id', 'state'])
    .execute();
  const result: Webhook[] = [];
  for (const row of rows) {
    const last = await db
      .selectFrom('panel_webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', row.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const count = (state: string) =>
      Number(counts.find((entry) => entry.webhook_id === row.id && entry.state === state)?.n ?? 0);
    result.push({
      ...toWebhook(row),
      pending: count('pending'),
      failed: count('failed'),
      lastDelivery: last ? toDelivery(last) : null,
    });
  }
  return result;
}

export function toWebhook(row: WebhookRow): Omit<Webhook, 'pending' | 'failed' | 'lastDelivery'> {
  return {
    id: row.id,
    name: row.name,
    maskedUrl: maskWebhookUrl(row.url),
    enabled: Number(row.enabled) === 1,
    kinds: webhookKinds(row),
    disabledReason: row.disabled_reason,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function insertWebhook(db: Db, row: WebhookRow): Promise<void> {
  await db.insertInto('panel_webhooks').values(row).execute();
}

export async function updateWebhookRow(db: Db, id: string, changes: Partial<WebhookRow>): Promise<void> {
  await db.updateTable('panel_webhooks').set(changes).where('id', '=', id).execute();
}

export async function deleteWebhookRow(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('panel_webhook_deliveries').where('webhook_id', '=', id).execute();
    await trx.deleteFrom('panel_webhooks').where('id', '=', id).execute();
  });
}

/** Enabled webhooks subscribed to a kind. */
export async function subscribedWebhooks(db: Db, kind: string): Promise<WebhookRow[]> {
  const rows = await db.selectFrom('panel_webhooks').selectAll().where('enabled', '=', 1).execute();
  return rows.filter((row) => (webhookKinds(row) as string[]).includes(kind));
}

export interface NewDelivery {
  webhookId: string;
  eventKey: string;
  kind: string;
  title: string;
  body: string;
  nowMs: number;
}

/** Queues one delivery; null when this webhook already has one for the key (dedupe). */
export async function queueDelivery(db: Db, delivery: NewDelivery): Promise<string | null> {
  const id = newDeliveryId();
  const result = await db
    .insertInto('panel_webhook_deliveries')
    .values({
      id,
      webhook_id: delivery.webhookId,
      event_key: delivery.eventKey.slice(0, 200),
      kind: delivery.kind,
      title: delivery.title.slice(0, 300),
      body: delivery.body,
      state: 'pending',
      attempts: 0,
      next_attempt_at: delivery.nowMs,
      claimed_by: null,
      claim_until: 0,
      last_status: null,
      last_error: null,
      created_at: Math.floor(delivery.nowMs / 1000),
      finished_at: null,
    })
    .onConflict((conflict) => conflict.columns(['webhook_id', 'event_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? id : null;
}

export async function findDelivery(db: Db, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('panel_webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listDeliveries(db: Db, webhookId: string, limit = 50): Promise<DeliveryRow[]> {
  return db
    .selectFrom('panel_webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export type DueDelivery = DeliveryRow & { url: string };

/**
 * Deliveries that may be sent now: pending, due, not claimed (or the claim lapsed), and their
 * webhook enabled (a test message goes out even from a switched-off webhook) and not resting.
 */
export async function dueDeliveries(db: Db, nowMs: number, limit: number): Promise<DueDelivery[]> {
  return db
    .selectFrom('panel_webhook_deliveries as d')
    .innerJoin('panel_webhooks as w', 'w.id', 'd.webhook_id')
    .selectAll('d')
    .select('w.url')
    .where('d.state', '=', 'pending')
    .where('d.next_attempt_at', '<=', nowMs)
    .where('d.claim_until', '<', nowMs)
    .where('w.rate_limited_until', '<=', nowMs)
    .where((eb) => eb.or([eb('w.enabled', '=', 1), eb('d.kind', '=', 'test')]))
    .orderBy('d.next_attempt_at')
    .orderBy('d.created_at')
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

/**
 * When the next unclaimed pending delivery may go (ms): its own time or its webhook's rest,
 * whichever is later; webhooks in `skip` (busy here, their turn comes when the send ends)
 * left out. Null when none waits.
 */
export async function nextDueAt(db: Db, nowMs: number, skip: ReadonlySet<string>): Promise<number | null> {
  const rows = await db
    .selectFrom('panel_webhook_deliveries as d')
    .innerJoin('panel_webhooks as w', 'w.id', 'd.webhook_id')
    .select(['d.webhook_id', 'd.next_attempt_at', 'w.rate_limited_until'])
    .where('d.state', '=', 'pending')
    .where('d.claim_until', '<', nowMs)
    .where((eb) => eb.or([eb('w.enabled', '=', 1), eb('d.kind', '=', 'test')]))
    .orderBy('d.next_attempt_at')
    .limit(100)
    .execute();
  let next: number | null = null;
  for (const row of rows) {
    if (skip.has(row.webhook_id)) continue;
    const at = Math.max(Number(row.next_attempt_at), Number(row.rate_limited_until));
    if (next === null || at < next) next = at;
  }
  return next;
}

/**
 * Takes a delivery for this runner if nobody holds it: one conditional UPDATE, atomic on
 * SQLite and PostgreSQL alike, so of several instances exactly one wins.
 */
export async function claimDelivery(
  db: Db,
  id: string,
  runner: string,
  nowMs: number,
  leaseMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('panel_webhook_deliveries')
    .set({ claimed_by: runner, claim_until: nowMs + leaseMs })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('claim_until', '<', nowMs)
    .where('next_attempt_at', '<=', nowMs)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Writes an attempt's result; only the runner holding the claim may. */
export async function saveAttempt(
  db: Db,
  id: string,
  runner: string,
  changes: Pick<DeliveryRow, 'state' | 'attempts' | 'next_attempt_at' | 'last_status' | 'last_error' | 'finished_at'>,
): Promise<void> {
  await db
    .updateTable('panel_webhook_deliveries')
    .set({ ...changes, claimed_by: null, claim_until: 0 })
    .where('id', '=', id)
    .where('claimed_by', '=', runner)
    .execute();
}

/** Gives back this runner's claims (it is stopping): another instance or the next start sends them. */
export async function releaseClaims(db: Db, runner: string): Promise<void> {
  await db
    .updateTable('panel_webhook_deliveries')
    .set({ claimed_by: null, claim_until: 0 })
    .where('claimed_by', '=', runner)
    .where('state', '=', 'pending')
    .execute();
}

/** Discord asked this webhook to wait: no instance sends to it before `untilMs`. */
export async function restWebhook(db: Db, id: string, untilMs: number): Promise<void> {
  await db
    .updateTable('panel_webhooks')
    .set({ rate_limited_until: untilMs })
    .where('id', '=', id)
    .where('rate_limited_until', '<', untilMs)
    .execute();
}

/** Ends a webhook's pending deliveries (it was switched off or is gone) with the reason. */
export async function failPending(db: Db, webhookId: string, reason: string, nowSeconds: number): Promise<void> {
  await db
    .updateTable('panel_webhook_deliveries')
    .set({
      state: 'failed',
      last_error: reason.slice(0, 500),
      finished_at: nowSeconds,
      claimed_by: null,
      claim_until: 0,
    })
    .where('webhook_id', '=', webhookId)
    .where('state', '=', 'pending')
    .execute();
}

/** Keeps the history bounded: finished deliveries older than `beforeSeconds`, and beyond the newest `keep` per webhook. */
export async function pruneDeliveries(db: Db, beforeSeconds: number, keep: number): Promise<number> {
  let removed = Number(
    (
      await db
        .deleteFrom('panel_webhook_deliveries')
        .where('state', '!=', 'pending')
        .where('finished_at', '<', beforeSeconds)
        .executeTakeFirst()
    ).numDeletedRows,
  );
  const webhooks = await db.selectFrom('panel_webhooks').select('id').execute();
  for (const { id } of webhooks) {
    const old = await db
      .selectFrom('panel_webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', id)
      .where('state', '!=', 'pending')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(keep)
      .limit(10_000)
      .execute();
    if (old.length === 0) continue;
    const result = await db
      .deleteFrom('panel_webhook_deliveries')
      .where(
        'id',
        'in',
        old.map((row) => row.id),
      )
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}

/** Puts a failed delivery back in the queue as new (a person asked for it); false when it was not failed. */
export async function requeueFailed(db: Db, webhookId: string, id: string, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('panel_webhook_deliveries')
    .set({
      state: 'pending',
      attempts: 0,
      next_attempt_at: nowMs,
      last_error: null,
      last_status: null,
      finished_at: null,
      claimed_by: null,
      claim_until: 0,
    })
    .where('id', '=', id)
    .where('webhook_id', '=', webhookId)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
