import { z } from 'zod';

/**
 * GET /api/servers/{id}/history?range=24h|7d|30d|1y (public, like the server list): the
 * server's population, uptime and maps over the range, from the poller's rollups. Buckets
 * are 1 minute for 24h, 15 minutes for 7d and 30d, a day for 1y; only buckets with samples
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
