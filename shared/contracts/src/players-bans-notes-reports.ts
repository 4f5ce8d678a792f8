import { z } from 'zod';
import { banScopeSchema, banTypeSchema, MAX_BAN_LENGTH_SECONDS } from './players-bans-notes-bans';
import { MAX_NOTE_LENGTH } from './players-bans-notes-notes';
import { steamIdInputSchema } from './steam-id';

// Player reports (issue 15): anyone signed in (or a game server, for `!report` in game)
// reports a player; staff holding reports.manage work a queue where reports against the
// same player within a window are one group, claim it and resolve it in one step as a ban,
// a note or a dismissal. The reporters are told that it was reviewed, never how.
//
// POST /api/reports, GET /api/reports/form, /api/reports/mine, /api/reports/recent-players:
// any signed-in user. /api/reports/groups*: reports.manage (a ban also bans.create, a note
// also notes.create). POST /api/game/reports: a game-server token.

export const DEFAULT_REPORT_REASONS = ['Cheating', 'Griefing', 'Harassment', 'Exploiting', 'Other'] as const;
export const DEFAULT_REPORT_GROUP_WINDOW_HOURS = 24;
export const DEFAULT_REPORTS_PER_WINDOW = 3;
/** The rate limit's window: reportsPerWindow reports per reporter in any 10 minutes. */
export const REPORT_RATE_WINDOW_SECONDS = 600;
export const MAX_REPORT_DETAILS = 2000;
export const MAX_REPORT_EVIDENCE_LINKS = 5;
export const MAX_REPORT_EVIDENCE_URL = 500;
export const MAX_REPORT_REASON = 60;

const reasonTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_REPORT_REASON)
  .refine((value) => ![...value].some((char) => char.charCodeAt(0) < 32), 'No control characters');

/** The site settings of reports (panel settings, panel.settings). */
export const reportSettingsSchema = z.object({
  /** The reasons a reporter picks from, in this order. */
  reasons: z
    .array(reasonTextSchema)
    .min(1, 'Keep at least one reason')
    .max(20)
    .refine((list) => new Set(list.map((r) => r.toLowerCase())).size === list.length, 'Reasons must differ'),
  /** Reports against one player less than this many hours after the previous one join its group. */
  groupWindowHours: z.number().int().min(1).max(720),
  /** Reports one reporter may file in any 10 minutes. */
  reportsPerWindow: z.number().int().min(1).max(100),
});
export type ReportSettings = z.infer<typeof reportSettingsSchema>;
export const DEFAULT_REPORT_SETTINGS: ReportSettings = {
  reasons: [...DEFAULT_REPORT_REASONS],
  groupWindowHours: DEFAULT_REPORT_GROUP_WINDOW_HOURS,
  reportsPerWindow: DEFAULT_REPORTS_PER_WINDOW,
};

/**
 * An evidence link: an absolute http(s) URL with a host and no credentials. Anything else
 * (javascript:, data:, a relative path) is refused, so the queue can render it as a link.
 */
export function isEvidenceUrl(value: string): boolean {
  if (value.length > MAX_REPORT_EVIDENCE_URL || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username;
  } catch {
    return false;
  }
}
export const evidenceUrlSchema = z
  .string()
  .trim()
  .max(MAX_REPORT_EVIDENCE_URL)
  .refine(isEvidenceUrl, 'Evidence links must be http(s) URLs');

/** GET /api/reports/form: what the report form offers. */
export const reportFormResponseSchema = z.object({
  reasons: z.array(z.string()),
  maxDetails: z.number().int(),
  maxEvidenceLinks: z.number().int(),
  reportsPerWindow: z.number().int(),
  windowMinutes: z.number().int(),
});
export type ReportFormResponse = z.infer<typeof reportFormResponseSchema>;

/** GET /api/reports/recent-players?serverId=: who played on a server lately (from the plugin's events). */
export const recentPlayersQuerySchema = z.object({ serverId: z.string().min(1).max(64) });
export const recentPlayerSchema = z.object({
  steamid: z.string(),
  name: z.string(),
  /** Connected right now (the plugin sent a connect and no disconnect yet). */
  online: z.boolean(),
  lastSeen: z.number(),
});
export type RecentPlayer = z.infer<typeof recentPlayerSchema>;
export const recentPlayersResponseSchema = z.object({ players: z.array(recentPlayerSchema) });
/** How far back "recent" reaches. */
export const RECENT_PLAYERS_WINDOW_SECONDS = 3 * 3600;

/** POST /api/reports: the target in any Steam id form; reason one of the configured ones. */
export const reportCreateSchema = z
  .object({
    target: steamIdInputSchema,
    reason: z.string().trim().min(1).max(MAX_REPORT_REASON),
    details: z.string().trim().max(MAX_REPORT_DETAILS).default(''),
    evidence: z.array(evidenceUrlSchema).max(MAX_REPORT_EVIDENCE_LINKS).default([]),
    /** The server it happened on (optional; from the recent-players picker). */
    serverId: z.string().min(1).max(64).optional(),
  })
  .strict();
export type ReportCreate = z.input<typeof reportCreateSchema>;

export const REPORT_SOURCES = ['web', 'game'] as const;
export const REPORT_RESOLUTIONS = ['ban', 'note', 'dismiss'] as const;
export const reportResolutionSchema = z.enum(REPORT_RESOLUTIONS);
export type ReportResolution = z.infer<typeof reportResolutionSchema>;

/** One report inside a group, as staff see it. */
export const reportSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  source: z.enum(REPORT_SOURCES),
  reporterId: z.string().nullable(),
  reporterSteamid: z.string().nullable(),
  reporterName: z.string(),
  reason: z.string(),
  details: z.string(),
  evidence: z.array(z.string()),
  serverId: z.string().nullable(),
  serverName: z.string().nullable(),
  createdAt: z.number(),
});
export type Report = z.infer<typeof reportSchema>;

/** A queue row: every report against one player within the window. */
export const reportGroupSchema = z.object({
  id: z.number().int(),
  targetSteamid: z.string(),
  targetName: z.string().nullable(),
  status: z.enum(['open', 'resolved']),
  reportCount: z.number().int(),
  /** Distinct reasons, in the order first given. */
  reasons: z.array(z.string()),
  firstReportAt: z.number(),
  lastReportAt: z.number(),
  claimedById: z.string().nullable(),
  claimedByName: z.string().nullable(),
  claimedAt: z.number().nullable(),
  resolution: reportResolutionSchema.nullable(),
  resolvedById: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolvedAt: z.number().nullable(),
  /** The ban or note the resolution created. */
  banId: z.number().int().nullable(),
  noteId: z.number().int().nullable(),
  /** Staff's comment on a dismissal (never shown to reporters). */
  comment: z.string().nullable(),
  reports: z.array(reportSchema),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const reportQueueQuerySchema = z.object({
  status: z.enum(['open', 'resolved', 'all']).default('open'),
  /** Only groups claimed by me ('me') or nobody ('none'). */
  claimed: z.enum(['any', 'me', 'none']).default('any'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const reportQueueResponseSchema = z.object({
  groups: z.array(reportGroupSchema),
  /** Open groups in all (the queue's length, whatever the filter). */
  openCount: z.number().int(),
});
export type ReportQueueResponse = z.infer<typeof reportQueueResponseSchema>;

/** POST /api/reports/groups/{id}/claim: take it (or take it over with force), DELETE: release it. */
export const reportClaimSchema = z.object({ force: z.boolean().default(false) }).strict();

const lengthSchema = z.number().int().min(60).max(MAX_BAN_LENGTH_SECONDS).nullable();

/** POST /api/reports/groups/{id}/resolve: one step, one outcome for every report of the group. */
export const reportResolveSchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('ban'),
      type: banTypeSchema.default('ban'),
      reason: z.string().trim().min(1).max(500),
      /** Seconds; null = permanent. */
      length: lengthSchema,
      /** Where the ban applies (issue 25 item 3); absent = the whole community. */
      scope: banScopeSchema.optional(),
    })
    .strict(),
  z
    .object({
      action: z.literal('note'),
      body: z.string().trim().min(1).max(MAX_NOTE_LENGTH),
      isPublic: z.boolean().default(false),
    })
    .strict(),
  z
    .object({
      action: z.literal('dismiss'),
      comment: z.string().trim().max(500).default(''),
    })
    .strict(),
]);
export type ReportResolve = z.input<typeof reportResolveSchema>;

/** The answer to POST /api/reports: the reporter's view of their report. */
export const myReportSchema = z.object({
  id: z.number().int(),
  targetSteamid: z.string(),
  targetName: z.string().nullable(),
  reason: z.string(),
  createdAt: z.number(),
  /** 'reviewed' without saying how: the outcome's details are staff's. */
  status: z.enum(['open', 'reviewed']),
});
export type MyReport = z.infer<typeof myReportSchema>;
export const myReportsResponseSchema = z.object({ reports: z.array(myReportSchema) });

/** POST /api/game/reports: `!report` in game, with the reporting player and the target. */
export const gameReportCreateSchema = z
  .object({
    reporter: z.object({ steamid: steamIdInputSchema, name: z.string().max(100).optional() }),
    target: z.object({ steamid: steamIdInputSchema, name: z.string().max(100).optional() }),
    /** One of the configured reasons (GET /api/game/reports/reasons), any case. */
    reason: z.string().trim().min(1).max(MAX_REPORT_REASON),
    details: z.string().trim().max(MAX_REPORT_DETAILS).default(''),
  })
  .strict();
export type GameReportCreate = z.input<typeof gameReportCreateSchema>;
export const gameReportReasonsResponseSchema = z.object({ reasons: z.array(z.string()) });
