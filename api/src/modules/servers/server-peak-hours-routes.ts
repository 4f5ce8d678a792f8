import {
  apiErrorSchema,
  type ServerPeakHour,
  type ServerPeakHoursResponse,
  serverPeakHoursQuerySchema,
  serverPeakHoursResponseSchema,
  serverSparklinesResponseSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { OwnDb } from '../../db/module-db';
import { nowSeconds } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import { cell } from './server-history-routes';
import type { ServersTables } from './tables';

const DAY = 86_400;
const HOUR = 3600;
// Unix time 0 was a Thursday: shifted by 3 days, hour 0 of the week is Monday 00:00.
const MONDAY_SHIFT = 3 * DAY;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The week-by-hour heat map of one server over the last `days` days (15-minute rollup, summed in SQL). */
export async function serverPeakHours(
  db: Kysely<ServersTables>,
  serverId: string,
  days: number,
  offsetMinutes: number,
  now = nowSeconds(),
): Promise<ServerPeakHoursResponse | null> {
  const server = await db.selectFrom('servers').select('id').where('id', '=', serverId).executeTakeFirst();
  if (!server) return null;
  const from = now - days * DAY;
  const shift = MONDAY_SHIFT + offsetMinutes * 60;
  // Integer arithmetic on both dialects: the hour of the week (0..167) the bucket starts in.
  const hourOfWeek = sql<number>`((at + ${sql.lit(shift)}) / ${sql.lit(HOUR)}) % 168`;
  const rows = await db
    .selectFrom('server_history')
    .select([
      hourOfWeek.as('how'),
      (eb) => eb.fn.sum<number>('samples').as('samples'),
      (eb) => eb.fn.sum<number>('online_samples').as('online_samples'),
      (eb) => eb.fn.sum<number>('player_samples').as('player_samples'),
      (eb) => eb.fn.sum<number>('players_sum').as('players_sum'),
      (eb) => eb.fn.max<number | null>('players_max').as('players_max'),
    ])
    .where('server_id', '=', serverId)
    .where('bucket_seconds', '=', 900)
    .where('at', '>', from)
    .groupBy(hourOfWeek)
    .execute();
  const byHour = new Map(rows.map((row) => [Number(row.how), row]));
  const cells: ServerPeakHour[] = [];
  for (let how = 0; how < 168; how += 1) {
    const row = byHour.get(how);
    const samples = Number(row?.samples ?? 0);
    const counted = Number(row?.player_samples ?? 0);
    cells.push({
      weekday: Math.floor(how / 24),
      hour: how % 24,
      avg: counted > 0 ? round2(Number(row?.players_sum) / counted) : null,
      max: row?.players_max === null || row?.players_max === undefined ? null : Number(row.players_max),
      online: samples > 0 ? round2(Number(row?.online_samples) / samples) : null,
    });
  }
  return { serverId, days, offset: offsetMinutes, from, to: now, cells };
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export function peakHoursCsv(peaks: ServerPeakHoursResponse): string {
  const lines = ['weekday,day,hour,avg,max,online'];
  for (const c of peaks.cells) {
    lines.push([c.weekday, WEEKDAYS[c.weekday] ?? '', c.hour, c.avg, c.max, c.online].map(cell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Every server's mean players per hour over the last 24 hours (24 values, oldest first). */
export async function serverSparklines(db: Kysely<ServersTables>, now = nowSeconds()) {
  const from = Math.floor(now / HOUR) * HOUR - 23 * HOUR;
  const hour = sql<number>`(at / ${sql.lit(HOUR)}) * ${sql.lit(HOUR)}`;
  const rows = await db
    .selectFrom('server_history')
    .select([
      'server_id',
      hour.as('hour'),
      (eb) => eb.fn.sum<number>('player_samples').as('player_samples'),
      (eb) => eb.fn.sum<number>('players_sum').as('players_sum'),
    ])
    .where('bucket_seconds', '=', 900)
    .where('at', '>=', from)
    .groupBy(['server_id', hour])
    .execute();
  const ids = await db.selectFrom('servers').select('id').execute();
  const servers: Record<string, (number | null)[]> = {};
  for (const { id } of ids) servers[id] = Array.from({ length: 24 }, () => null);
  for (const row of rows) {
    const line = servers[row.server_id];
    const index = (Number(row.hour) - from) / HOUR;
    const counted = Number(row.player_samples);
    if (line && index >= 0 && index < 24 && counted > 0) line[index] = round2(Number(row.players_sum) / counted);
  }
  return { from, hourSeconds: HOUR, servers };
}

const wantsCsv = (format: string | undefined, accept: string | undefined) =>
  format === 'csv' || (format === undefined && /\btext\/csv\b/.test(accept ?? ''));

/** Public, like the server list and the history: the heat map (JSON or CSV) and the overview's sparklines. */
export const serverPeakHoursRoutes: FastifyPluginAsyncZod<OwnDb<ServersTables>> = async (app, { db }) => {
  app.get(
    '/servers/:id/peak-hours',
    {
      schema: {
        tags: ['servers'],
        params: z.object({ id: z.string().max(64) }),
        querystring: serverPeakHoursQuerySchema,
        response: { 200: serverPeakHoursResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { days, offset, format } = request.query;
      const peaks = await serverPeakHours(db, request.params.id, days, offset);
      if (!peaks) throw new HttpError(404, 'SERVER_NOT_FOUND', `There is no server ${request.params.id}`);
      reply.header('cache-control', 'no-cache').header('vary', 'accept');
      if (!wantsCsv(format, request.headers.accept)) return peaks;
      return (reply as unknown as import('fastify').FastifyReply)
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="server-${peaks.serverId.replace(/[^\w-]/g, '_')}-peak-hours-${days}d.csv"`,
        )
        .send(peakHoursCsv(peaks));
    },
  );

  app.get(
    '/servers/sparklines',
    { schema: { tags: ['servers'], response: { 200: serverSparklinesResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return serverSparklines(db);
    },
  );
};
