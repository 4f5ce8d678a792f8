import {
  EVENT_LIST_HALVES,
  type EventAttendee,
  type EventDetail,
  type EventPlace,
  type EventSummary,
  eventSlug,
  type RsvpResponse,
} from '@outpost/contracts';
import type { Kysely, Selectable } from 'kysely';
import { decodeCursor, encodeCursor, pastKey } from '../../../db/keyset-cursor';
import { serversService } from '../../servers';
import type { DiscussEventsTables } from '../tables';
import type { EventRsvpsTable, EventsTable } from './events-tables';

// Reads of events and their answers, shaped as the contracts say.

export type EventRow = Selectable<EventsTable>;
export type RsvpRow = Selectable<EventRsvpsTable>;
type EventListHalf = (typeof EVENT_LIST_HALVES)[number];

export function findEventRow(db: Kysely<DiscussEventsTables>, id: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * One page of a half of the list, keyset over (starts_at, id): an event is upcoming until it
 * has ended, soonest first; past ones latest first. The cursor is the last row's key.
 */
export async function listEventRows(
  db: Kysely<DiscussEventsTables>,
  half: EventListHalf,
  now: number,
  page: { cursor?: string; limit: number },
): Promise<{ rows: EventRow[]; nextCursor: string | null }> {
  const upcoming = half === 'upcoming';
  const direction = upcoming ? 'asc' : 'desc';
  let query = db
    .selectFrom('events')
    .selectAll()
    .where('ends_at', upcoming ? '>' : '<=', now);
  if (page.cursor) {
    const [startsAt, id] = decodeCursor(page.cursor, 'nn') as [number, number];
    const after = upcoming ? '>' : '<';
    query = query.where(pastKey(['starts_at', 'id'], after, [startsAt, id]));
  }
  const rows = await query
    .orderBy('starts_at', direction)
    .orderBy('id', direction)
    .limit(page.limit + 1)
    .execute();
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    rows: shown,
    nextCursor: rows.length > page.limit && last ? encodeCursor([Number(last.starts_at), Number(last.id)]) : null,
  };
}

export function rsvpRowsOf(db: Kysely<DiscussEventsTables>, eventIds: number[]): Promise<RsvpRow[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('event_rsvps').selectAll().where('event_id', 'in', eventIds).orderBy('answer_order').execute();
}

/** The users an event's news goes to: everyone who answered going (waiting or not) or maybe. */
export async function interestedUserIds(db: Kysely<DiscussEventsTables>, eventId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('event_rsvps')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('response', 'in', ['going', 'maybe'])
    .execute();
  return rows.map((row) => row.user_id);
}

/** Server groups and servers by id, to name an event's place (missing ones: the place is gone). */
export async function placeLookup(db: Kysely<DiscussEventsTables>) {
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

export async function eventDetail(
  db: Kysely<DiscussEventsTables>,
  id: number,
  viewerId: string,
): Promise<EventDetail | null> {
  const row = await findEventRow(db, id);
  if (!row) return null;
  return toDetail(row, await rsvpRowsOf(db, [id]), viewerId, await placeLookup(db));
}

/** GET /api/events: a page of each half asked for (see eventsListQuerySchema). */
export async function eventsList(
  db: Kysely<DiscussEventsTables>,
  viewerId: string,
  now: number,
  query: { when?: EventListHalf; cursor?: string; limit: number },
) {
  const none = { rows: [] as EventRow[], nextCursor: null };
  const [upcoming, past] = await Promise.all(
    EVENT_LIST_HALVES.map((half) =>
      query.when === undefined || query.when === half
        ? listEventRows(db, half, now, { cursor: query.cursor, limit: query.limit })
        : none,
    ),
  );
  const rsvps = await rsvpRowsOf(
    db,
    [...(upcoming?.rows ?? []), ...(past?.rows ?? [])].map((row) => row.id),
  );
  const place = await placeLookup(db);
  const summarise = (row: EventRow) =>
    toSummary(
      row,
      rsvps.filter((rsvp) => rsvp.event_id === row.id),
      viewerId,
      place,
    );
  return {
    upcoming: (upcoming?.rows ?? []).map(summarise),
    past: (past?.rows ?? []).map(summarise),
    upcomingCursor: upcoming?.nextCursor ?? null,
    pastCursor: past?.nextCursor ?? null,
  };
}
