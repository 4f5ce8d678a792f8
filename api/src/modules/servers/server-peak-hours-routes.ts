import {
  apiErrorSchema,
  type ServerPeakHour,
  type ServerPeakHoursResponse,
  serverPeakHoursQuerySchema,
  serverPeakHoursResponseSchema,
  serverSparklinesResponseSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { OwnDb } from '../../db/module-db';
import { nowSeconds } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import { readBuckets } from './history-buckets';
import { cell } from './server-history-routes';
import type { ServersTables } from './tables';

const DAY = 86_400;
const HOUR = 3600;
// Unix time 0 was a Thursday: shifted by 3 days, hour 0 of the week is Monday 00:00.
const MONDAY_SHIFT = 3 * DAY;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The week-by-hour heat map of one server over the last `days` days (15-minute rollup). */
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
  // The hour of the week (0..167) each 15-minute bucket starts in, summed.
  const byHour = new Map<
    number,
    { samples: number; online: number; counted: number; sum: number; max: number | null }
  >();
  for (const bucket of await readBuckets(db, 900, from, serverId)) {
    const how = Math.floor((bucket.at + shift) / HOUR) % 168;
    const cell = byHour.get(how) ?? { samples: 0, online: 0, counted: 0, sum: 0, max: null };
    cell.samples += bucket.samples;
    cell.online += bucket.online_samples;
    cell.counted += bucket.player_samples;
    cell.sum += bucket.players_sum;
    if (bucket.players_max !== null) cell.max = Math.max(cell.max ?? bucket.players_max, bucket.players_max);
    byHour.set(how, cell);
  }
  const cells: ServerPeakHour[] = [];
  for (let how = 0; how < 168; how += 1) {
    const cell = byHour.get(how);
    cells.push({
      weekday: Math.floor(how / 24),
      hour: how % 24,
      avg: cell && cell.counted > 0 ? round2(cell.sum / cell.counted) : null,
      max: cell?.max ?? null,
      online: cell && cell.samples > 0 ? round2(cell.online / cell.samples) : null,
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
  // Each server's 15-minute buckets summed by the hour.
  const hours = new Map<string, { counted: number; sum: number }>();
  for (const bucket of await readBuckets(db, 900, from - 1)) {
    const key = `${bucket.server_id} ${Math.floor(bucket.at / HOUR) * HOUR}`;
    const held = hours.get(key) ?? { counted: 0, sum: 0 };
    held.counted += bucket.player_samples;
    held.sum += bucket.players_sum;
    hours.set(key, held);
  }
  const ids = await db.selectFrom('servers').select('id').execute();
  const servers: Record<string, (number | null)[]> = {};
  for (const { id } of ids) servers[id] = Array.from({ length: 24 }, () => null);
  for (const [key, { counted, sum }] of hours) {
    const [serverId, hour] = key.split(' ') as [string, string];
    const line = servers[serverId];
    const index = (Number(hour) - from) / HOUR;
    if (line && index >= 0 && index < 24 && counted > 0) line[index] = round2(sum / counted);
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
