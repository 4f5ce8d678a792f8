import {
  apiErrorSchema,
  type ServerHistoryBucket,
  type ServerHistoryRange,
  type ServerHistoryResponse,
  serverHistoryQuerySchema,
  serverHistoryResponseSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { OwnDb } from '../../db/module-db';
import { nowSeconds } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import { mergeInto, readBuckets } from './history-buckets';
import { type HistoryBucket, readMaps } from './poller';
import type { ServersTables } from './tables';

const DAY = 86_400;

/**
 * Each range's span, the stored rollup it reads and the bucket size it answers (at most about
 * 1,500 points: a graph is a few hundred pixels wide). 30 days read the 15-minute rollup and
 * merge it into hours (720 points instead of 2,880: the read stays within its 20 ms).
 */
export const HISTORY_RANGES: Record<
  ServerHistoryRange,
  { spanSeconds: number; readSeconds: number; bucketSeconds: number }
> = {
  '24h': { spanSeconds: DAY, readSeconds: 60, bucketSeconds: 60 },
  '7d': { spanSeconds: 7 * DAY, readSeconds: 900, bucketSeconds: 900 },
  '30d': { spanSeconds: 30 * DAY, readSeconds: 900, bucketSeconds: 3600 },
  '1y': { spanSeconds: 365 * DAY, readSeconds: DAY, bucketSeconds: DAY },
};

type HistoryRow = HistoryBucket;

/**
 * One server's buckets over [from, now], merged into buckets of bucketSeconds when larger than
 * stored: the daily rollup summed in SQL, the packed 1-minute and 15-minute ones in memory (a
 * month is 30 packed days).
 */
async function historyRows(
  db: Kysely<ServersTables>,
  serverId: string,
  from: number,
  readSeconds: number,
  bucketSeconds: number,
): Promise<HistoryRow[]> {
  const after = from - bucketSeconds;
  if (readSeconds === 60 || readSeconds === 900) {
    const buckets = await readBuckets(db, readSeconds, after, serverId);
    return bucketSeconds === readSeconds ? buckets : mergeInto(buckets, bucketSeconds);
  }
  const rows = await db
    .selectFrom('server_history')
    .selectAll()
    .where('server_id', '=', serverId)
    .where('bucket_seconds', '=', readSeconds)
    .where('at', '>', after)
    .orderBy('at')
    .execute();
  // PostgreSQL answers bigint columns as strings.
  return rows.map((row) => ({ ...row, at: Number(row.at), players_sum: Number(row.players_sum) }));
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export async function serverHistory(
  db: Kysely<ServersTables>,
  serverId: string,
  range: ServerHistoryRange,
  now = nowSeconds(),
): Promise<ServerHistoryResponse | null> {
  const server = await db.selectFrom('servers').select('id').where('id', '=', serverId).executeTakeFirst();
  if (!server) return null;
  const { spanSeconds, readSeconds, bucketSeconds } = HISTORY_RANGES[range];
  const from = now - spanSeconds;
  const rows = await historyRows(db, serverId, from, readSeconds, bucketSeconds);
  let samples = 0;
  let online = 0;
  const buckets: ServerHistoryBucket[] = rows.map((row) => {
    samples += row.samples;
    online += row.online_samples;
    return {
      at: row.at,
      min: row.players_min,
      avg: row.player_samples > 0 ? round2(row.players_sum / row.player_samples) : null,
      max: row.players_max,
      maxPlayers: row.max_players,
      online: row.samples > 0 ? round2(row.online_samples / row.samples) : 0,
    };
  });
  const maps = await readMaps(db, serverId, from);
  return {
    serverId,
    range,
    bucketSeconds,
    from,
    to: now,
    uptime: samples > 0 ? round2((online / samples) * 100) : null,
    buckets,
    maps,
  };
}

/** A CSV cell: quoted when it holds a comma, quote or line break; formula starts neutralised. */
export function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The buckets as CSV, one line each, with the last map the bucket saw. */
export function historyCsv(history: ServerHistoryResponse): string {
  const lines = ['at,time,min,avg,max,max_players,online,map'];
  for (const bucket of history.buckets) {
    const map = history.maps.findLast(
      (m) => m.startedAt < bucket.at + history.bucketSeconds && (m.endedAt === null || m.endedAt > bucket.at),
    );
    lines.push(
      [
        bucket.at,
        new Date(bucket.at * 1000).toISOString(),
        bucket.min,
        bucket.avg,
        bucket.max,
        bucket.maxPlayers,
        bucket.online,
        map?.map ?? null,
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Public, like the server list: population, uptime and maps over a range, as JSON or CSV. */
export const serverHistoryRoutes: FastifyPluginAsyncZod<OwnDb<ServersTables>> = async (app, { db }) => {
  app.get(
    '/servers/:id/history',
    {
      schema: {
        tags: ['servers'],
        params: z.object({ id: z.string().max(64) }),
        querystring: serverHistoryQuerySchema,
        response: { 200: serverHistoryResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const history = await serverHistory(db, request.params.id, request.query.range);
      if (!history) throw new HttpError(404, 'SERVER_NOT_FOUND', `There is no server ${request.params.id}`);
      const csv =
        request.query.format === 'csv' ||
        (request.query.format === undefined && /\btext\/csv\b/.test(request.headers.accept ?? ''));
      reply.header('cache-control', 'no-cache').header('vary', 'accept');
      if (!csv) return history;
      return (reply as unknown as import('fastify').FastifyReply)
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="server-${history.serverId.replace(/[^\w-]/g, '_')}-${history.range}.csv"`,
        )
        .send(historyCsv(history));
    },
  );
};
