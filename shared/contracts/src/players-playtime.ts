import { z } from 'zod';

// Player playtime and leaderboards (issue 28 items 3 and 4).

export const leaderboardPeriodSchema = z.enum(['week', 'month', 'all']);
export type LeaderboardPeriod = z.infer<typeof leaderboardPeriodSchema>;

export const leaderboardQuerySchema = z.object({
  period: leaderboardPeriodSchema.default('week'),
  /** Deep pages cost a scan of the rows before them: at most 10,000 (the first 10,050 players). */
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  /**
   * The page after the one that gave this cursor (its nextCursor): one index seek however deep,
   * where an offset scans the rows before it. Takes the place of offset.
   */
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  format: z.enum(['json', 'csv']).optional(),
});

export const leaderboardEntrySchema = z.object({
  rank: z.number(),
  steamid: z.string(),
  name: z.string(),
  /** Seconds played in the group in the period. */
  seconds: z.number(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardResponseSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  period: leaderboardPeriodSchema,
  /** The period's key: 'all', 'w<Monday yyyy-mm-dd>' or 'm<yyyy-mm>' (UTC). */
  periodKey: z.string(),
  /** How many players rank above this page's first (the offset asked for, or the cursor's). */
  offset: z.number(),
  entries: z.array(leaderboardEntrySchema),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;

export const playerPlaytimeQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  format: z.enum(['json', 'csv']).optional(),
});

export const playerRankSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  period: leaderboardPeriodSchema,
  rank: z.number(),
  seconds: z.number(),
});

export const playerSessionSchema = z.object({
  serverId: z.string(),
  serverName: z.string().nullable(),
  /** Unix seconds. */
  start: z.number(),
  end: z.number(),
});
export type PlayerSession = z.infer<typeof playerSessionSchema>;

export const playerPlaytimeResponseSchema = z.object({
  steamid: z.string(),
  /** The player's rank in each group's leaderboard where they have played, per period. */
  ranks: z.array(playerRankSchema),
  /** Closed sessions, newest first (the open one shows as connectedAt on the player's servers). */
  sessions: z.array(playerSessionSchema),
});
export type PlayerPlaytimeResponse = z.infer<typeof playerPlaytimeResponseSchema>;

/** The activity chart's ranges (issue 28 item 3), in days ending today (UTC). */
export const ACTIVITY_RANGES = ['30', '90', '365'] as const;

export const playerActivityQuerySchema = z.object({
  days: z.enum(ACTIVITY_RANGES).default('30'),
  format: z.enum(['json', 'csv']).optional(),
});

/** One UTC day of a player's activity. */
export const activityDaySchema = z.object({
  /** yyyy-mm-dd (UTC). */
  day: z.string(),
  /** Seconds played on the day (sessions split at midnight UTC). */
  playSeconds: z.number(),
  chatLines: z.number(),
  bans: z.number(),
  notes: z.number(),
  warnings: z.number(),
  reports: z.number(),
});
export type ActivityDay = z.infer<typeof activityDaySchema>;

export const playerActivityResponseSchema = z.object({
  steamid: z.string(),
  days: z.number(),
  /** Every day of the range, oldest first, today (UTC) last; days without activity are zeros. */
  buckets: z.array(activityDaySchema),
});
export type PlayerActivityResponse = z.infer<typeof playerActivityResponseSchema>;
