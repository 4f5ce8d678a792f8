// The discuss-events module's door (issue 13): the API of the remote of the same id.
// Inside: discussions/ (threads, replies, read state, moderation) and events/.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Door } from '../../db/module-db';
import type { Principal } from '../../lib/principal';
import { principalHas } from '../../plugins/authorization';
import type { Actor } from '../accounts';
import { countOpenUnread, createReply, createThread, discussionsRoutes, findThread } from './discussions';
import { createEvent, eventsPlugin, sendDueReminders, setRsvpById } from './events';
import type { DiscussEventsTables } from './tables';

export type { DiscussEventsTables } from './tables';

export const discussEventsModule: FastifyPluginAsyncZod = async (app) => {
  // This module's view of the database: its own tables (the module's one cast; the same instance).
  const db = app.db as Kysely<DiscussEventsTables>;
  await app.register(discussionsRoutes, { db });
  await app.register(eventsPlugin, { db });
};

/** SPEC 3 openDiscussions: open threads with activity the user has not read (0 without discuss.use). */
async function openDiscussionsOf(db: Kysely<DiscussEventsTables>, auth: Principal): Promise<number> {
  if (!principalHas(auth, 'discuss.use')) return 0;
  return countOpenUnread(db, auth.userId);
}

/** A reply to a thread as `actor` (notifying as a posted reply does); null when there is no such thread. */
async function replyToThread(
  db: Kysely<DiscussEventsTables>,
  threadId: number,
  body: string,
  actor: Actor & { id: string },
): Promise<number | null> {
  const thread = await findThread(db, actor.id, threadId);
  return thread ? createReply(db, thread, body, actor) : null;
}

const discussEventsDoor = {
  openDiscussionsOf,
  /** A new thread by `actor` (no rate gate: for callers that are not a user posting, e.g. `pnpm demo`). */
  createThread,
  replyToThread,
  /** A new event organised by `actor`, checked against the event rules and audit-logged. */
  createEvent,
  /** Sends the due "starts within the hour" event reminders (each event claimed by one instance). */
  sendDueEventReminders: sendDueReminders,
  /** A user's answer to an event (null withdraws it), with the waiting list's promotions. */
  setEventRsvp: setRsvpById,
};

/**
 * What other modules may ask of discuss-events. Callers hand over their own view of the database (the same instance, or
 * their transaction); this door sees its own tables through it.
 */
export const discussEventsService = discussEventsDoor as unknown as Door<typeof discussEventsDoor>;
