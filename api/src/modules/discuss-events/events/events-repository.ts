import {
  type EventAttendee,
  type EventDetail,
  type EventPlace,
  type EventSummary,
  eventSlug,
  type RsvpResponse,
} from '@outpost/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema';
import { serversService } from '../../servers';
import type { EventRsvpsTable, EventsTable } from './events-tables';

// Reads of events and their answers, shaped as the contracts say.

export type EventRow = Selectable<EventsTable>;
export type RsvpRow = Selectable<EventRsvpsTable>;

/** The list's halves: an event is upcoming until it has ended. */
const UPCOMING_LIMIT = 200;
const PAST_LIMIT = 50;

export function findEventRow(db: Kysely<Database>, id: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listEventRows(
  db: Kysely<Database>,
  now: number,
): Promise<{ upcoming: EventRow[]; past: EventRow[] }> {
  const upcoming = await db
    .selectFrom('events')
    .selectAll()
    .where('ends_at', '>', now)
    .orderBy('starts_at')
    .orderBy('id')
    .limit(UPCOMING_LIMIT)
    .execute();
  const past = await db
    .selectFrom('events')
    .selectAll()
    .where('ends_at', '<=', now)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAST_LIMIT)
    .execute();
  return { upcoming, past };
}

export function rsvpRowsOf(db: Kysely<Database>, eventIds: number[]): Promise<RsvpRow[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('event_rsvps').selectAll().where('event_id', 'in', eventIds).orderBy('answer_order').execute();
}

/** The users an event's news goes to: everyone who answered going (waiting or not) or maybe. */
export async function interestedUserIds(db: Kysely<Database>, eventId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('event_rsvps')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('response', 'in', ['going', 'maybe'])
    .execute();
  return rows.map((row) => row.user_id);
}

/** Server groups and servers by id, to name an event's place (missing ones: the place is gone). */
export async function placeLookup(db: Kysely<Database>) {
  const groups = await serversService.listGroupsWithServers(db);
  return (groupId: string | null, serverId: string | null): EventPlace | null => {
    if (!groupId) return null;
    const group = groups.find((candidate) => candidate.id === groupId);
    if (!group) return null;
    const server = serverId ? group.servers.find((candidate) => candidate.id === serverId) : undefined;
    return { groupId, groupName: group.name, serverId: server?.id ?? null, serverName: server?.name ?? null };
  };
}
export type PlaceLookup = Awaited<ReturnType<typeof placeLookup>>;

const attendee = (row: RsvpRow): EventAttendee => ({
  userId: row.user_id,
  name: row.user_name,
  respondedAt: row.responded_at,
});

export function toSummary(row: EventRow, rsvps: RsvpRow[], viewerId: string, place: PlaceLookup): EventSummary {
  const mine = rsvps.find((rsvp) => rsvp.user_id === viewerId);
  const count = (response: RsvpResponse, waitlisted: number) =>
    rsvps.filter((rsvp) => rsvp.response === response && rsvp.waitlisted === waitlisted).length;
  return {
    id: row.id,
    title: row.title,
    slug: eventSlug(row.title),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    status: row.status,
    place: place(row.group_id, row.server_id),
    organiserId: row.organiser_id,
    organiserName: row.organiser_name,
    capacity: row.capacity,
    goingCount: count('going', 0),
    maybeCount: count('maybe', 0),
    waitlistCount: count('going', 1),
    myResponse: mine?.response ?? null,
    myWaitlisted: mine?.waitlisted === 1,
    myWaitlistPosition:
      mine?.waitlisted === 1
        ? rsvps.filter((rsvp) => rsvp.waitlisted === 1 && rsvp.answer_order <= mine.answer_order).length
        : null,
  };
}

export function toDetail(row: EventRow, rsvps: RsvpRow[], viewerId: string, place: PlaceLookup): EventDetail {
  const pick = (response: RsvpResponse, waitlisted = 0) =>
    rsvps.filter((rsvp) => rsvp.response === response && rsvp.waitlisted === waitlisted).map(attendee);
  return {
    ...toSummary(row, rsvps, viewerId, place),
    description: row.description,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sequence: row.sequence,
    going: pick('going'),
    maybe: pick('maybe'),
    notGoing: pick('not_going'),
    waitlist: pick('going', 1),
  };
}

export async function eventDetail(db: Kysely<Database>, id: number, viewerId: string): Promise<EventDetail | null> {
  const row = await findEventRow(db, id);
  if (!row) return null;
  return toDetail(row, await rsvpRowsOf(db, [id]), viewerId, await placeLookup(db));
}

export async function eventsList(db: Kysely<Database>, viewerId: string, now: number) {
  const { upcoming, past } = await listEventRows(db, now);
  const rsvps = await rsvpRowsOf(
    db,
    [...upcoming, ...past].map((row) => row.id),
  );
  const place = await placeLookup(db);
  const summarise = (row: EventRow) =>
    toSummary(
      row,
      rsvps.filter((rsvp) => rsvp.event_id === row.id),
      viewerId,
      place,
    );
  return { upcoming: upcoming.map(summarise), past: past.map(summarise) };
}
