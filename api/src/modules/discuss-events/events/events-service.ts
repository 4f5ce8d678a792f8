import { type EventInput, eventInputSchema, eventSlug, type RsvpResponse } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import { HttpError } from '../../../lib/http-error';
import type { Actor } from '../../accounts';
import { auditService } from '../../audit';
import { type NotificationWords, notificationsService } from '../../notifications';
import type { DiscussEventsTables } from '../tables';
import { type EventRow, findEventRow, interestedUserIds, placeLookup } from './events-repository';
import { fillFreePlaces, lockEvent, nextAnswerOrder } from './waitlist';

// Every write to events, each audited; attendees hear of changes through notifications.

const LEVEL_INFO = 1;
const LEVEL_SUCCESS = 2;
const LEVEL_WARNING = 3;

export const eventLink = (event: { id: number; title: string }) => `/events/${event.id}/${eventSlug(event.title)}`;

/** The place must exist: a group, and when a server is named, a server of that group. */
async function assertPlaceExists(db: Kysely<DiscussEventsTables>, groupId: string | null, serverId: string | null) {
  if (!groupId) return;
  const place = (await placeLookup(db))(groupId, serverId);
  if (!place) throw new HttpError(400, 'UNKNOWN_GROUP', 'No server group has this id');
  if (serverId && place.serverId !== serverId)
    throw new HttpError(400, 'UNKNOWN_SERVER', 'The server group has no server with this id');
}

export async function createEvent(db: Kysely<DiscussEventsTables>, raw: EventInput, actor: Actor): Promise<number> {
  const input = eventInputSchema.parse(raw);
  await assertPlaceExists(db, input.groupId, input.serverId);
  const now = nowSeconds();
  const { id } = await db
    .insertInto('events')
    .values({
      ...eventColumns(input),
      organiser_id: actor.id,
      organiser_name: actor.name ?? 'Console',
      status: 'scheduled',
      sequence: 0,
      created_at: now,
      updated_at: now,
      reminded_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await auditService.writeAudit(db, {
    client: actor.id,
    clientName: actor.name,
    message: `created event #${id} “${input.title}”`,
  });
  return Number(id);
}

/** The columns an event's form sets, as a new event and an edit write them. */
function eventColumns(input: ReturnType<typeof eventInputSchema.parse>) {
  return {
    title: input.title,
    description: input.description,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    group_id: input.groupId,
    server_id: input.serverId,
    capacity: input.capacity,
  };
}

export async function editEvent(
  db: Kysely<DiscussEventsTables>,
  event: EventRow,
  raw: EventInput,
  actor: Actor,
): Promise<void> {
  if (event.status === 'cancelled') throw new HttpError(409, 'EVENT_CANCELLED', 'A cancelled event cannot be edited');
  const input = eventInputSchema.parse(raw);
  await assertPlaceExists(db, input.groupId, input.serverId);
  const promoted = await db.transaction().execute(async (trx) => {
    await lockEvent(trx, event.id);
    await trx
      .updateTable('events')
      .set((eb) => ({
        ...eventColumns(input),
        sequence: eb('sequence', '+', 1),
        updated_at: nowSeconds(),
        // A moved start is reminded of again, an hour before the new time.
        ...(input.startsAt !== event.starts_at ? { reminded_at: null } : {}),
      }))
      .where('id', '=', event.id)
      .execute();
    // A larger capacity (or none) lets people off the waiting list.
    return fillFreePlaces(trx, event.id, input.capacity);
  });
  const updated = { id: event.id, title: input.title };
  await auditService.writeAudit(db, { client: actor.id, clientName: actor.name, message: `edited event #${event.id}` });
  await notifyPromoted(db, updated, promoted);
  await notifyInterested(db, updated, actor, {
    level: LEVEL_INFO,
    words: { key: 'notifications.event.changed', params: { title: input.title } },
  });
}

export async function cancelEvent(db: Kysely<DiscussEventsTables>, event: EventRow, actor: Actor): Promise<void> {
  if (event.status === 'cancelled') return;
  await db
    .updateTable('events')
    .set((eb) => ({ status: 'cancelled', sequence: eb('sequence', '+', 1), updated_at: nowSeconds() }))
    .where('id', '=', event.id)
    .execute();
  await auditService.writeAudit(db, {
    client: actor.id,
    clientName: actor.name,
    message: `cancelled event #${event.id}`,
  });
  await notifyInterested(db, event, actor, {
    level: LEVEL_WARNING,
    words: { key: 'notifications.event.cancelled', params: { title: event.title } },
  });
}

/** Whether an event still takes answers: not cancelled and not over. */
function assertOpenForAnswers(event: EventRow) {
  if (event.status === 'cancelled') throw new HttpError(409, 'EVENT_CANCELLED', 'This event was cancelled');
  if (event.ends_at <= nowSeconds()) throw new HttpError(409, 'EVENT_ENDED', 'This event is over');
}

/**
 * The caller's answer. 'going' to a full event joins the waiting list (at its end); leaving
 * the going list (another answer, or withdrawing it) gives the place to the first waiting.
 */
export async function setRsvp(
  db: Kysely<DiscussEventsTables>,
  event: EventRow,
  user: { id: string; name: string },
  response: RsvpResponse | null,
): Promise<void> {
  assertOpenForAnswers(event);
  const promoted = await db.transaction().execute(async (trx) => {
    const locked = await lockEvent(trx, event.id);
    const existing = await trx
      .selectFrom('event_rsvps')
      .selectAll()
      .where('event_id', '=', event.id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (response === null) {
      await trx.deleteFrom('event_rsvps').where('event_id', '=', event.id).where('user_id', '=', user.id).execute();
    } else if (existing?.response !== response) {
      // Changing to going keeps no earlier place: the waiting list is in order of answer.
      let waitlisted = 0;
      if (response === 'going' && locked.capacity !== null) {
        const going = await trx
          .selectFrom('event_rsvps')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('event_id', '=', event.id)
          .where('response', '=', 'going')
          .where('waitlisted', '=', 0)
          .executeTakeFirstOrThrow();
        waitlisted = Number(going.count) >= locked.capacity ? 1 : 0;
      }
      const values = {
        user_name: user.name,
        response,
        waitlisted,
        responded_at: nowSeconds(),
        answer_order: await nextAnswerOrder(trx, event.id),
      };
      if (existing) {
        await trx
          .updateTable('event_rsvps')
          .set(values)
          .where('event_id', '=', event.id)
          .where('user_id', '=', user.id)
          .execute();
      } else {
        await trx
          .insertInto('event_rsvps')
          .values({ event_id: event.id, user_id: user.id, ...values })
          .execute();
      }
    }
    return fillFreePlaces(trx, event.id, locked.capacity);
  });
  await notifyPromoted(
    db,
    event,
    promoted.filter((id) => id !== user.id),
  );
}

async function notifyPromoted(
  db: Kysely<DiscussEventsTables>,
  event: { id: number; title: string },
  userIds: string[],
) {
  await notificationsService.createNotificationForUsers(db, userIds, {
    level: LEVEL_SUCCESS,
    words: { key: 'notifications.event.placeOpened', params: { title: event.title } },
    link: eventLink(event),
  });
}

async function notifyInterested(
  db: Kysely<DiscussEventsTables>,
  event: { id: number; title: string },
  actor: Actor,
  notification: { level: number; words: NotificationWords },
) {
  const userIds = (await interestedUserIds(db, event.id)).filter((id) => id !== actor.id);
  await notificationsService.createNotificationForUsers(db, userIds, { ...notification, link: eventLink(event) });
}

/** setRsvp by event id (for callers outside the routes, e.g. the demo seed). */
export async function setRsvpById(
  db: Kysely<DiscussEventsTables>,
  eventId: number,
  user: { id: string; name: string },
  response: RsvpResponse | null,
): Promise<void> {
  const event = await findEventRow(db, eventId);
  if (!event) throw new HttpError(404, 'NOT_FOUND', 'No event has this id');
  await setRsvp(db, event, user, response);
}
