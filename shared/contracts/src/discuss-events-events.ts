import { z } from 'zod';
import { hasControlCharacters } from './control-characters';

// Community events (issue 13): /api/events. Every route needs sign-in; creating, editing
// and cancelling need events.manage. Times are whole seconds since the epoch (UTC); the
// browser shows them in the viewer's own time zone.

export const EVENT_TITLE_MAX = 120;
export const EVENT_DESCRIPTION_MAX = 20_000;
export const EVENT_CAPACITY_MAX = 10_000;
/** Longest event: a weekend LAN or a week-long tournament fits, a typo of a year does not. */
export const EVENT_MAX_DURATION_SECONDS = 14 * 24 * 3600;
/** 2000-01-01 .. 2100-01-01: anything outside is a typo (and keeps calendar apps happy). */
export const EVENT_EARLIEST_SECONDS = 946_684_800;
export const EVENT_LATEST_SECONDS = 4_102_444_800;

export const RSVP_RESPONSES = ['going', 'maybe', 'not_going'] as const;
export const rsvpResponseSchema = z.enum(RSVP_RESPONSES);
export type RsvpResponse = z.infer<typeof rsvpResponseSchema>;

export const eventStatusSchema = z.enum(['scheduled', 'cancelled']);
export type EventStatus = z.infer<typeof eventStatusSchema>;

export const eventIdParamSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** Where the event is played: a server group, optionally one server of it. */
export const eventPlaceSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  serverId: z.string().nullable(),
  serverName: z.string().nullable(),
});
export type EventPlace = z.infer<typeof eventPlaceSchema>;

export const eventSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The title as a URL slug: /events/{id}/{slug}. */
  slug: z.string(),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  status: eventStatusSchema,
  place: eventPlaceSchema.nullable(),
  organiserId: z.string().nullable(),
  organiserName: z.string(),
  /** Most people going; null: no limit. */
  capacity: z.number().int().nullable(),
  goingCount: z.number().int(),
  maybeCount: z.number().int(),
  waitlistCount: z.number().int(),
  /** The caller's own answer (null: none yet); waitlisted: going, but the event is full. */
  myResponse: rsvpResponseSchema.nullable(),
  myWaitlisted: z.boolean(),
  /** 1 = next to get a place; null unless waitlisted. */
  myWaitlistPosition: z.number().int().nullable(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const eventAttendeeSchema = z.object({
  userId: z.string(),
  name: z.string(),
  respondedAt: z.number().int(),
});
export type EventAttendee = z.infer<typeof eventAttendeeSchema>;

export const eventDetailSchema = eventSummarySchema.extend({
  /** Markdown source (render with the kit's Markdown). */
  description: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** Bumped on every change (the .ics SEQUENCE). */
  sequence: z.number().int(),
  going: z.array(eventAttendeeSchema),
  maybe: z.array(eventAttendeeSchema),
  notGoing: z.array(eventAttendeeSchema),
  /** In promotion order: the first one gets the next free place. */
  waitlist: z.array(eventAttendeeSchema),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

/** Events a page of each half of the list holds unless the caller asks for another size. */
export const EVENTS_PAGE_SIZE = 20;
export const EVENT_LIST_HALVES = ['upcoming', 'past'] as const;

/**
 * GET /api/events query. Without `when`: the first page of both halves. With `when` (and the
 * cursor that half's last page gave): the next page of that half alone, the other left empty.
 */
export const eventsListQuerySchema = z
  .object({
    when: z.enum(EVENT_LIST_HALVES).optional(),
    cursor: z.string().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(EVENTS_PAGE_SIZE),
  })
  .refine((query) => query.cursor === undefined || query.when !== undefined, {
    message: 'A cursor belongs to one half of the list: say which with when=upcoming or when=past',
    path: ['when'],
  });
export type EventsListQuery = z.input<typeof eventsListQuerySchema>;

export const eventsListResponseSchema = z.object({
  /** Not yet ended, soonest first. */
  upcoming: z.array(eventSummarySchema),
  /** Ended, most recent first. */
  past: z.array(eventSummarySchema),
  /** The cursor of the next page of upcoming events (when=upcoming&cursor=…); null: no more. */
  upcomingCursor: z.string().nullable(),
  pastCursor: z.string().nullable(),
});
export type EventsListResponse = z.infer<typeof eventsListResponseSchema>;

const eventTitle = z
  .string()
  .trim()
  .min(1, 'Give the event a title')
  .max(EVENT_TITLE_MAX, `At most ${EVENT_TITLE_MAX} characters`)
  .refine((title) => !hasControlCharacters(title), 'The title cannot hold line breaks or control characters');
const eventTime = z.number().int().min(EVENT_EARLIEST_SECONDS).max(EVENT_LATEST_SECONDS);
const placeId = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'Not a server id');

const eventFields = {
  title: eventTitle,
  description: z.string().max(EVENT_DESCRIPTION_MAX, `At most ${EVENT_DESCRIPTION_MAX} characters`),
  startsAt: eventTime,
  endsAt: eventTime,
  /** The server group it is played on (null: none); serverId narrows it to one server of the group. */
  groupId: placeId.nullable(),
  serverId: placeId.nullable(),
  capacity: z.number().int().min(1, 'At least 1 (or no limit)').max(EVENT_CAPACITY_MAX).nullable(),
};

/** The rules an event's fields must keep together (one place for create, edit and the form). */
export function eventInputProblems(input: {
  startsAt: number;
  endsAt: number;
  groupId: string | null;
  serverId: string | null;
}): Array<{ path: 'endsAt' | 'serverId'; message: string }> {
  const problems: Array<{ path: 'endsAt' | 'serverId'; message: string }> = [];
  if (input.endsAt <= input.startsAt) problems.push({ path: 'endsAt', message: 'The event must end after it starts' });
  else if (input.endsAt - input.startsAt > EVENT_MAX_DURATION_SECONDS)
    problems.push({ path: 'endsAt', message: 'An event lasts at most 14 days' });
  if (input.serverId !== null && input.groupId === null)
    problems.push({ path: 'serverId', message: 'Choose the server’s group too' });
  return problems;
}

export const eventInputSchema = z
  .object({
    ...eventFields,
    description: eventFields.description.default(''),
    groupId: eventFields.groupId.default(null),
    serverId: eventFields.serverId.default(null),
    capacity: eventFields.capacity.default(null),
  })
  .strict()
  .superRefine((input, ctx) => {
    for (const problem of eventInputProblems(input))
      ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
export type EventInput = z.input<typeof eventInputSchema>;

/** PATCH: the whole event again (the edit form sends every field), so the pair rules hold. */
export const eventEditSchema = eventInputSchema;

export const rsvpInputSchema = z.object({ response: rsvpResponseSchema }).strict();
export type RsvpInput = z.infer<typeof rsvpInputSchema>;

/** GET /api/events/feed: whether the caller has a calendar feed (its URL is shown only once). */
export const eventFeedStatusSchema = z.object({ exists: z.boolean(), createdAt: z.number().int().nullable() });
export type EventFeedStatus = z.infer<typeof eventFeedStatusSchema>;
/** POST /api/events/feed: a new secret URL; the previous one stops working. */
export const eventFeedCreatedSchema = z.object({ url: z.string(), createdAt: z.number().int() });
export type EventFeedCreated = z.infer<typeof eventFeedCreatedSchema>;
export const eventFeedParamSchema = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/) });

/** The title as it appears in the URL: lowercase words joined by '-' (empty titles: 'event'). */
export function eventSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'event';
}
