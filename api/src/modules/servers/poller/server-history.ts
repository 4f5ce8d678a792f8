import { type Kysely, sql } from 'kysely';
import type { ServersTables } from '../tables';
import { packFinishedHours } from './history-packing';
import { packEndedMaps, pruneMapDays } from './map-days';
import type { StoredStatus } from './stored-status';

// Server history (issue 28 item 1): each sweep adds one sample per server to its 1-minute,
// 15-minute and daily bucket (one multi-row upsert per sweep, 500 rows a statement), follows
// map changes, packs finished hours of 1-minute and 15-minute buckets into their server-day's
// row (history-packing.ts) and maps ended on a finished day into theirs (map-days.ts), and
// prunes buckets past their age, all in one write transaction run by the polling instance only.

const DAY = 86_400;

/** Bucket sizes and how long each is kept (null: forever). */
export const HISTORY_BUCKETS: readonly { seconds: number; keepSeconds: number | null }[] = [
  { seconds: 60, keepSeconds: 2 * DAY },
  { seconds: 900, keepSeconds: 90 * DAY },
  { seconds: DAY, keepSeconds: null },
];

/** Ended maps older than this are dropped (the longest range shown is a year). */
export const MAP_KEEP_SECONDS = 400 * DAY;

const ROWS_PER_STATEMENT = 500;

export interface HistorySample {
  id: string;
  status: StoredStatus;
}

export interface HistoryWriteReport {
  /** Upsert statements run (one per 500 bucket rows). */
  statements: number;
  rows: number;
  mapsStarted: number;
  mapsEnded: number;
  pruned: number;
  /** Bucket rows moved into server-day rows. */
  packed: number;
  /** Ended maps moved into server-day rows. */
  mapsPacked: number;
}

export const bucketStart = (at: number, seconds: number) => Math.floor(at / seconds) * seconds;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** Records one sweep's samples taken at `now` (unix seconds). */
export async function recordHistory(
  db: Kysely<ServersTables>,
  samples: HistorySample[],
  now: number,
): Promise<HistoryWriteReport> {
  const report: HistoryWriteReport = {
    statements: 0,
    rows: 0,
    mapsStarted: 0,
    mapsEnded: 0,
    pruned: 0,
    packed: 0,
    mapsPacked: 0,
  };
  const rows = samples.flatMap(({ id, status }) => {
    const count = status.online && status.data ? status.data.playerCount : null;
    return HISTORY_BUCKETS.map(({ seconds }) => ({
      server_id: id,
      bucket_seconds: seconds,
      at: bucketStart(now, seconds),
      samples: 1,
      online_samples: status.online ? 1 : 0,
      player_samples: count === null ? 0 : 1,
      players_sum: count ?? 0,
      players_min: count,
      players_max: count,
      max_players: status.online && status.data ? status.data.maxplayers : null,
    }));
  });
  await db.transaction().execute(async (trx) => {
    for (const batch of chunks(rows, ROWS_PER_STATEMENT)) {
      await trx
        .insertInto('server_history')
        .values(batch)
        .onConflict((oc) =>
          oc.columns(['server_id', 'bucket_seconds', 'at']).doUpdateSet({
            samples: sql`server_history.samples + excluded.samples`,
            online_samples: sql`server_history.online_samples + excluded.online_samples`,
            player_samples: sql`server_history.player_samples + excluded.player_samples`,
            players_sum: sql`server_history.players_sum + excluded.players_sum`,
            players_min: sql`case when server_history.players_min is null or excluded.players_min < server_history.players_min then excluded.players_min else server_history.players_min end`,
            players_max: sql`case when server_history.players_max is null or excluded.players_max > server_history.players_max then excluded.players_max else server_history.players_max end`,
            max_players: sql`coalesce(excluded.max_players, server_history.max_players)`,
          }),
        )
        .execute();
      report.statements += 1;
      report.rows += batch.length;
    }
    await followMaps(trx, samples, now, report);
    report.packed = await packFinishedHours(trx, now);
    report.mapsPacked = await packEndedMaps(trx, now);
    report.pruned = await pruneHistory(trx, now);
  });
  return report;
}

/**
 * A server answering with a map other than its running one ends that map and starts the new
 * one; going offline ends it; online without a readable map (Minecraft, garbage) changes nothing.
 */
async function followMaps(
  db: Kysely<ServersTables>,
  samples: HistorySample[],
  now: number,
  report: HistoryWriteReport,
) {
  const open = await db
    .selectFrom('server_maps')
    .select(['id', 'server_id', 'map'])
    .where('ended_at', 'is', null)
    .execute();
  const running = new Map(open.map((row) => [row.server_id, row]));
  const ended: number[] = [];
  const started: { server_id: string; map: string; started_at: number; ended_at: null }[] = [];
  for (const { id, status } of samples) {
    const current = running.get(id);
    const map = status.online ? status.data?.map : null;
    if (!status.online) {
      if (current) ended.push(current.id);
    } else if (map && map !== current?.map) {
      if (current) ended.push(current.id);
      started.push({ server_id: id, map: map.slice(0, 64), started_at: now, ended_at: null });
    }
  }
  for (const batch of chunks(ended, ROWS_PER_STATEMENT)) {
    await db.updateTable('server_maps').set({ ended_at: now }).where('id', 'in', batch).execute();
  }
  for (const batch of chunks(started, ROWS_PER_STATEMENT)) {
    await db.insertInto('server_maps').values(batch).execute();
  }
  report.mapsEnded = ended.length;
  report.mapsStarted = started.length;
}

/**
 * Drops buckets past their size's age (a packed day once its last bucket is past it) and maps
 * ended long ago; answers how many rows went.
 */
export async function pruneHistory(db: Kysely<ServersTables>, now: number): Promise<number> {
  let pruned = 0;
  for (const { seconds, keepSeconds } of HISTORY_BUCKETS) {
    if (keepSeconds === null) continue;
    const result = await db
      .deleteFrom('server_history')
      .where('bucket_seconds', '=', seconds)
      .where('at', '<', bucketStart(now - keepSeconds, seconds))
      .executeTakeFirst();
    pruned += Number(result.numDeletedRows);
    const days = await db
      .deleteFrom('server_history_days')
      .where('bucket_seconds', '=', seconds)
      .where('day', '<=', bucketStart(now - keepSeconds, seconds) - DAY)
      .executeTakeFirst();
    pruned += Number(days.numDeletedRows);
  }
  const maps = await db
    .deleteFrom('server_maps')
    .where('ended_at', '<', now - MAP_KEEP_SECONDS)
    .executeTakeFirst();
  return pruned + Number(maps.numDeletedRows) + (await pruneMapDays(db, now - MAP_KEEP_SECONDS));
}
