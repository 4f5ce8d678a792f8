import { z } from 'zod';
import { banOriginSchema, banScopeSchema, MAX_BAN_LENGTH_SECONDS } from './players-bans-notes-bans';
import { cursorSchema, pageLimitSchema, searchTextSchema } from './players-bans-notes-common';

// Ban appeals (issue 15). A signed-in player appeals a ban or comm block on their own Steam
// id: one open appeal per ban, a markdown statement, then a conversation with staff.
// Staff (appeals.manage) also write internal comments, which no answer to the player ever
// holds. States: open -> accepted | denied (staff) | closed (the player withdraws it).

export const APPEAL_STATES = ['open', 'accepted', 'denied', 'closed'] as const;
export const appealStateSchema = z.enum(APPEAL_STATES);
export type AppealState = z.infer<typeof appealStateSchema>;

/** Text limits: a statement is longer than a reply; both are markdown. */
export const APPEAL_STATEMENT_MAX_CHARS = 5000;
export const APPEAL_MESSAGE_MAX_CHARS = 3000;
export const APPEAL_REASON_MAX_CHARS = 500;
/** Rate limits per player (creation) and per writer (messages). */
export const APPEALS_CREATED_PER_DAY = 5;
export const APPEAL_MESSAGES_PER_MINUTE = 6;

const markdownText = (max: number, empty: string) => z.string().trim().min(1, empty).max(max);

/** One line of the conversation. `internal` lines exist only in the staff view. */
export const appealMessageSchema = z.object({
  id: z.number().int(),
  /** Who wrote it: the appealing player, or staff. */
  by: z.enum(['player', 'staff']),
  authorName: z.string().nullable(),
  body: z.string(),
  /** Staff only: never shown to the player (only present in staff answers). */
  internal: z.boolean(),
  createdAt: z.number(),
});
export type AppealMessage = z.infer<typeof appealMessageSchema>;

/** The ban as the appeal shows it (enough to know what is appealed; no IP). */
export const appealBanSchema = z.object({
  id: z.number().int(),
  type: z.enum(['ban', 'mute', 'gag', 'silence']),
  reason: z.string(),
  createdAt: z.number(),
  length: z.number().int().nullable(),
  expiresAt: z.number().nullable(),
  status: z.enum(['active', 'expired', 'unbanned']),
  adminName: z.string().nullable(),
  /** Where the ban applies (issue 25 item 3): 'All servers', the group's or the server's name. */
  scopeName: z.string().optional(),
  /** Where it applies, as data: the community's scopeName is English, drawn in the reader's language (issue 27). */
  scope: banScopeSchema.optional(),
  /** Taken from another community's federation feed: its words are drawn from this (issue 27). */
  origin: banOriginSchema.nullable().optional(),
});

export const appealSchema = z.object({
  id: z.number().int(),
  banId: z.number().int(),
  steamid: z.string(),
  playerName: z.string().nullable(),
  statement: z.string(),
  state: appealStateSchema,
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  createdAt: z.number(),
  /** The newest message (or the opening) time. */
  lastActivityAt: z.number(),
  decidedAt: z.number().nullable(),
  decidedByName: z.string().nullable(),
  /** The reason given with the decision (shown to the player). */
  decisionReason: z.string().nullable(),
  ban: appealBanSchema.nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;

export const appealDetailSchema = z.object({
  appeal: appealSchema,
  /** Oldest first. The player's view never holds internal messages. */
  messages: z.array(appealMessageSchema),
  /** Which view this is: the appealing player's, or staff's (appeals.manage). */
  view: z.enum(['player', 'staff']),
  can: z.object({ reply: z.boolean(), comment: z.boolean(), decide: z.boolean(), close: z.boolean() }),
});
export type AppealDetail = z.infer<typeof appealDetailSchema>;

/** POST /api/appeals: the ban (theirs, in force) and the statement. 409 when one is open. */
export const appealCreateSchema = z
  .object({
    banId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    statement: markdownText(APPEAL_STATEMENT_MAX_CHARS, 'Say why the ban should be lifted'),
  })
  .strict();
export type AppealCreate = z.input<typeof appealCreateSchema>;

/** POST /api/appeals/{id}/messages: internal (staff only) comments never reach the player. */
export const appealMessageCreateSchema = z
  .object({
    body: markdownText(APPEAL_MESSAGE_MAX_CHARS, 'Write something first'),
    internal: z.boolean().default(false),
  })
  .strict();
export type AppealMessageCreate = z.input<typeof appealMessageCreateSchema>;

/**
 * POST /api/appeals/{id}/decision (appeals.manage). Accepted lifts the ban (needs bans.unban)
 * or shortens it to `length` seconds counted from the ban's start (needs bans.edit).
 */
export const appealDecisionSchema = z.discriminatedUnion('outcome', [
  z
    .object({
      outcome: z.literal('accepted'),
      action: z.enum(['lift', 'shorten']),
      /** For 'shorten': the new total length in seconds (shorter than the current one). */
      length: z.number().int().min(60).max(MAX_BAN_LENGTH_SECONDS).optional(),
      reason: markdownText(APPEAL_REASON_MAX_CHARS, 'Give the reason for the decision'),
    })
    .strict()
    .refine((value) => value.action === 'lift' || value.length !== undefined, {
      message: 'Shortening needs the new length',
      path: ['length'],
    }),
  z
    .object({
      outcome: z.literal('denied'),
      reason: markdownText(APPEAL_REASON_MAX_CHARS, 'Give the reason for the decision'),
    })
    .strict(),
]);
export type AppealDecision = z.input<typeof appealDecisionSchema>;

/** PUT /api/appeals/{id}/assignee: a staff member holding appeals.manage, or null to unassign. */
export const appealAssignSchema = z.object({ assigneeId: z.string().min(1).max(64).nullable() }).strict();
export type AppealAssign = z.infer<typeof appealAssignSchema>;

const flag = z.enum(['1', '0', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** GET /api/appeals (appeals.manage): oldest first. */
export const appealsQueueQuerySchema = z.object({
  state: z.enum([...APPEAL_STATES, 'all']).default('open'),
  /** A staff user id. */
  assignee: z.string().min(1).max(64).optional(),
  /** Only those assigned to the caller. */
  mine: flag.optional(),
  /** Only those assigned to nobody. */
  unassigned: flag.optional(),
  /** Player name prefix or any Steam id form. */
  q: searchTextSchema.optional(),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});
export type AppealsQueueQuery = z.input<typeof appealsQueueQuerySchema>;

export const appealsListResponseSchema = z.object({
  appeals: z.array(appealSchema),
  nextCursor: z.string().nullable(),
});
export type AppealsListResponse = z.infer<typeof appealsListResponseSchema>;

/** GET /api/appeals/assignees?q= (appeals.manage): who an appeal can be assigned to. */
export const appealAssigneesQuerySchema = z.object({ q: searchTextSchema.optional() });
export const appealAssigneesResponseSchema = z.object({
  assignees: z.array(z.object({ id: z.string(), name: z.string(), steamid: z.string().nullable() })),
});
export type AppealAssigneesResponse = z.infer<typeof appealAssigneesResponseSchema>;

/** Where the player and staff read an appeal (the notifications and webhooks link here). */
export function appealPath(id: number): string {
  return `/bans/appeals/${id}`;
}
