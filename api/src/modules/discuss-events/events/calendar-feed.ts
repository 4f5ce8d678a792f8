import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import { hashToken, issueToken, tokenHashFor } from '../../../lib/tokens';
import type { DiscussEventsTables } from '../tables';
import type { EventRow } from './events-repository';

// A user's calendar feed: a secret URL a calendar app subscribes to (no cookie, no key).
// Only the secret's hash is stored; a new secret replaces the old one, which stops working
// at once, and revoking deletes it.
//
// What the feed lists: the events the user answered going (also while on the waiting list)
// or maybe, from 30 days back on, cancelled ones included (so a subscribed calendar shows
// them as cancelled instead of silently dropping them). Not every upcoming event: a feed of
// one's own plans is what a personal calendar wants, and /events lists the rest.

const FEED_HISTORY_SECONDS = 30 * 24 * 3600;
const FEED_LIMIT = 500;

export async function createFeedSecret(
  db: Kysely<DiscussEventsTables>,
  userId: string,
): Promise<{ secret: string; createdAt: number }> {
  const secret = issueToken('calendarFeed');
  const createdAt = nowSeconds();
  const row = { token_hash: hashToken(secret), created_at: createdAt };
  await db
    .insertInto('event_feed_tokens')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
  return { secret, createdAt };
}

export async function feedStatus(db: Kysely<DiscussEventsTables>, userId: string) {
  const row = await db
    .selectFrom('event_feed_tokens')
    .select('created_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { exists: row !== undefined, createdAt: row?.created_at ?? null };
}

export async function revokeFeedSecret(db: Kysely<DiscussEventsTables>, userId: string): Promise<void> {
  await db.deleteFrom('event_feed_tokens').where('user_id', '=', userId).execute();
}

/** The user a feed secret belongs to; null for an unknown (or revoked, or replaced) secret. */
export async function feedOwner(db: Kysely<DiscussEventsTables>, secret: string): Promise<string | null> {
  const secretHash = tokenHashFor('calendarFeed', secret);
  if (!secretHash) return null;
  const row = await db
    .selectFrom('event_feed_tokens')
    .select('user_id')
    .where('token_hash', '=', secretHash)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export function feedEvents(db: Kysely<DiscussEventsTables>, userId: string): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .innerJoin('event_rsvps', 'event_rsvps.event_id', 'events.id')
    .selectAll('events')
    .where('event_rsvps.user_id', '=', userId)
    .where('event_rsvps.response', 'in', ['going', 'maybe'])
    .where('events.ends_at', '>', nowSeconds() - FEED_HISTORY_SECONDS)
    .orderBy('events.starts_at')
    .limit(FEED_LIMIT)
    .execute();
}
