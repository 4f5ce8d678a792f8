import { z } from 'zod';

/**
 * GET /api/servers/{id}/history?range=24h|7d|30d|1y (public, like the server list): the
 * server's population, uptime and maps over the range, from the poller's rollups. Buckets
 * are 1 minute for 24h, 15 minutes for 7d, an hour for 30d (merged from the 15-minute rollup), a day for 1y; only buckets with samples
 * are listed (a gap: the poller did not run). `?format=csv` (or Accept: text/csv) answers the
 * buckets as CSV. 404 SERVER_NOT_FOUND; 400 VALIDATION_FAILED for an unknown range or format.
 */
export const SERVER_HISTORY_RANGES = ['24h', '7d', '30d', '1y'] as const;
export const serverHistoryRangeSchema = z.enum(SERVER_HISTORY_RANGES);
export type ServerHistoryRange = z.infer<typeof serverHistoryRangeSchema>;

export const serverHistoryQuerySchema = z.object({
  range: serverHistoryRangeSchema.default('24h'),
  format: z.enum(['json', 'csv']).optional(),
});

export const serverHistoryBucketSchema = z.object({
  /** Bucket start, unix seconds. */
  at: z.number(),
  /** Fewest / mean / most players seen; null when no sample carried a count (offline or unreadable). */
  min: z.number().nullable(),
  avg: z.number().nullable(),
  max: z.number().nullable(),
  /** The server's player limit last seen in the bucket. */
  maxPlayers: z.number().nullable(),
  /** Fraction of the bucket's polls the server answered, 0..1. */
  online: z.number(),
});
export type ServerHistoryBucket = z.infer<typeof serverHistoryBucketSchema>;

export const serverMapChangeSchema = z.object({
  map: z.string(),
  startedAt: z.number(),
  /** Null while the map still runs. */
  endedAt: z.number().nullable(),
});
export type ServerMapChange = z.infer<typeof serverMapChangeSchema>;

export const serverHistoryResponseSchema = z.object({
  serverId: z.string(),
  range: serverHistoryRangeSchema,
  bucketSeconds: z.number(),
  /** The range asked for, unix seconds. */
  from: z.number(),
  to: z.number(),
  /** Percent of the range's polls answered (two decimals); null without any poll. */
  uptime: z.number().nullable(),
  buckets: z.array(serverHistoryBucketSchema),
  /** Maps that ran during the range, oldest first. */
  maps: z.array(serverMapChangeSchema),
});
export type ServerHistoryResponse = z.infer<typeof serverHistoryResponseSchema>;

/**
 * GET /api/servers/{id}/peak-hours?days=30&offset=0 (public, like the history): the server's
 * week-by-hour heat map over the last `days` days (7..90) from the 15-minute rollup; `offset`
 * shifts the hours into the reader's time zone (minutes east of UTC, a multiple of 15).
 * `?format=csv` (or Accept: text/csv) answers the cells as CSV.
 */
export const serverPeakHoursQuerySchema = z.object({
  days: z.coerce.number().int().min(7).max(90).default(30),
  offset: z.coerce
    .number()
    .int()
    .min(-840)
    .max(840)
    .refine((value) => value % 15 === 0, 'offset is minutes east of UTC, a multiple of 15')
    .default(0),
  format: z.enum(['json', 'csv']).optional(),
});

export const serverPeakHourSchema = z.object({
  /** 0 = Monday … 6 = Sunday, in the asked time zone. */
  weekday: z.number(),
  /** 0..23, in the asked time zone. */
  hour: z.number(),
  /** Mean players over the polls of that hour of the week; null without a counted poll. */
  avg: z.number().nullable(),
  max: z.number().nullable(),
  /** Fraction of that hour's polls the server answered, 0..1; null without polls. */
  online: z.number().nullable(),
});
export type ServerPeakHour = z.infer<typeof serverPeakHourSchema>;

export const serverPeakHoursResponseSchema = z.object({
  serverId: z.string(),
  days: z.number(),
  offset: z.number(),
  from: z.number(),
  to: z.number(),
  /** 168 cells, Monday 00 first. */
  cells: z.array(serverPeakHourSchema),
});
export type ServerPeakHoursResponse = z.infer<typeof serverPeakHoursResponseSchema>;

/**
 * GET /api/servers/sparklines (public, like the server list): every listed server's mean
 * players per hour over the last 24 hours, oldest first (24 values, null where the server was
 * not polled or not counted), for the overview's sparklines (fetched after the table is drawn).
 */
export const serverSparklinesResponseSchema = z.object({
  from: z.number(),
  hourSeconds: z.number(),
  servers: z.record(z.string(), z.array(z.number().nullable())),
});
export type ServerSparklinesResponse = z.infer<typeof serverSparklinesResponseSchema>;
