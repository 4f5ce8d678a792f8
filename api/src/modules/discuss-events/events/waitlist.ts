import type { Kysely, Transaction } from 'kysely';
import { HttpError } from '../../../lib/http-error';
import type { DiscussEventsTables } from '../tables';

// The waiting list of a full event. Answers to one event are serialised by lockEvent, so two
// people taking the last place at once cannot both get it (nor can a leave and a join lose a
// promotion), on SQLite and PostgreSQL alike.

/**
 * Locks the event's row for the rest of the transaction and returns its capacity. A no-op
 * UPDATE is the lock both dialects share: PostgreSQL takes the row lock (like SELECT ... FOR
 * UPDATE, which SQLite lacks) and SQLite takes the database write lock at once rather than
 * upgrading from a read lock later (which can fail busy mid-transaction).
 */
export async function lockEvent(
  trx: Transaction<DiscussEventsTables>,
  eventId: number,
): Promise<{ capacity: number | null }> {
  const row = await trx
    .updateTable('events')
    .set((eb) => ({ sequence: eb.ref('sequence') }))
    .where('id', '=', eventId)
    .returning('capacity')
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'No event has this id');
  return row;
}

/**
 * Moves people from the waiting list to going while places are free, first answer first.
 * Returns who was promoted (they are told). No capacity: everyone waiting gets in. A lower
 * capacity never removes anyone already going.
 */
export async function fillFreePlaces(
  trx: Kysely<DiscussEventsTables>,
  eventId: number,
  capacity: number | null,
): Promise<string[]> {
  let free = Number.MAX_SAFE_INTEGER;
  if (capacity !== null) {
    const going = await trx
      .selectFrom('event_rsvps')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('event_id', '=', eventId)
      .where('response', '=', 'going')
      .where('waitlisted', '=', 0)
      .executeTakeFirstOrThrow();
    free = capacity - Number(going.count);
  }
  if (free <= 0) return [];
  const next = await trx
    .selectFrom('event_rsvps')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('response', '=', 'going')
    .where('waitlisted', '=', 1)
    .orderBy('answer_order')
    .limit(Math.min(free, 10_000))
    .execute();
  const userIds = next.map((row) => row.user_id);
  if (userIds.length === 0) return [];
  await trx
    .updateTable('event_rsvps')
    .set({ waitlisted: 0 })
    .where('event_id', '=', eventId)
    .where('user_id', 'in', userIds)
    .execute();
  return userIds;
}

/** The next answer's place in the event's order (call under lockEvent). */
export async function nextAnswerOrder(trx: Kysely<DiscussEventsTables>, eventId: number): Promise<number> {
  const row = await trx
    .selectFrom('event_rsvps')
    .select((eb) => eb.fn.max('answer_order').as('last'))
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}
