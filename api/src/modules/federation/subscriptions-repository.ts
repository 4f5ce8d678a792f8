import { randomBytes } from 'node:crypto';
import {
  type FederationCategory,
  type FederationReceived,
  type FederationSubscription,
  federationCategorySchema,
} from '@outpost/contracts';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { fromJsonColumn } from '../../db/json-column';
import { entryStateOf } from './entry-columns';
import { GENESIS } from './feed-chain';
import type { FederationReceivedTable, FederationSubscriptionsTable, FederationTables } from './tables';

// The feeds this site takes and what it received from them (issue 29). PostgreSQL answers
// bigint columns as strings: every number read goes through Number().

type Db = Kysely<FederationTables>;
export type SubscriptionRow = Selectable<FederationSubscriptionsTable>;
export type ReceivedRow = Selectable<FederationReceivedTable>;

const DAY = 86_400;
const categoriesSchema = z.array(federationCategorySchema);

export function categoriesOf(row: SubscriptionRow): FederationCategory[] {
  const parsed = categoriesSchema.safeParse(fromJsonColumn<unknown>(row.categories, []));
  return parsed.success ? parsed.data : [];
}

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('federation_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSubscription(
  db: Db,
  input: {
    site: string;
    name: string;
    publicKey: string;
    fingerprint: string;
    appeals: string | null;
    categories: FederationCategory[];
    mode: 'apply' | 'review';
    now: number;
  },
): Promise<string> {
  const id = randomBytes(8).toString('hex');
  await db
    .insertInto('federation_subscriptions')
    .values({
      id,
      site: input.site,
      name: input.name,
      public_key: input.publicKey,
      fingerprint: input.fingerprint,
      categories: JSON.stringify(input.categories),
      mode: input.mode,
      state: 'active',
      problem: null,
      appeals: input.appeals,
      held_seq: 0,
      held_hash: GENESIS,
      etag: null,
      failures: 0,
      next_poll_at: 0,
      claim_until: 0,
      last_polled_at: null,
      created_at: input.now,
    })
    .execute();
  return id;
}

/**
 * Bans the feed made in the last day, and per day over the 30 before it (the rate watch), by
 * the origin's times: catching up a feed's past is not a burst.
 */
export async function receivedRates(db: Db, id: string, now: number): Promise<{ lastDay: number; usual: number }> {
  const [last, before] = await Promise.all([
    db
      .selectFrom('federation_received')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('subscription_id', '=', id)
      .where('created_at', '>', now - DAY)
      .executeTakeFirst(),
    db
      .selectFrom('federation_received')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('subscription_id', '=', id)
      .where('created_at', '>', now - 31 * DAY)
      .where('created_at', '<=', now - DAY)
      .executeTakeFirst(),
  ]);
  return { lastDay: Number(last?.n ?? 0), usual: Number(before?.n ?? 0) / 30 };
}

async function countByStatus(db: Db, id: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('federation_received')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('subscription_id', '=', id)
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

export async function toSubscription(db: Db, row: SubscriptionRow, now: number): Promise<FederationSubscription> {
  const [rates, counts] = await Promise.all([receivedRates(db, row.id, now), countByStatus(db, row.id)]);
  return {
    id: row.id,
    site: row.site,
    name: row.name,
    fingerprint: row.fingerprint,
    categories: categoriesOf(row),
    mode: row.mode,
    state: row.state,
    problem: row.problem,
    heldSeq: Number(row.held_seq),
    lastPolledAt: row.last_polled_at === null ? null : Number(row.last_polled_at),
    receivedLastDay: rates.lastDay,
    usualPerDay: Math.round(rates.usual * 10) / 10,
    pending: counts.get('pending') ?? 0,
    applied: counts.get('applied') ?? 0,
    createdAt: Number(row.created_at),
  };
}

export function toReceived(row: ReceivedRow, site: string): FederationReceived {
  return {
    subscriptionId: row.subscription_id,
    site,
    entryId: row.entry_id,
    ...entryStateOf(row),
    status: row.status,
    banId: row.ban_id === null ? null : Number(row.ban_id),
    receivedAt: Number(row.received_at),
  };
}

/** Takes a due subscription for this instance for `leaseMs` (a conditional update: one instance wins). */
export async function claimSubscription(db: Db, id: string, nowMs: number, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('federation_subscriptions')
    .set({ claim_until: nowMs + leaseMs })
    .where('id', '=', id)
    .where('claim_until', '<', nowMs)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function dueSubscriptions(db: Db, nowMs: number): Promise<string[]> {
  const rows = await db
    .selectFrom('federation_subscriptions')
    .select('id')
    .where('state', '=', 'active')
    .where('next_poll_at', '<=', nowMs)
    .where('claim_until', '<', nowMs)
    .execute();
  return rows.map((row) => row.id);
}
