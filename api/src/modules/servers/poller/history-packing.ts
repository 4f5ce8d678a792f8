import type { Kysely } from 'kysely';
import type { ServersTables } from '../tables';
import { BUCKET_FIGURES, type HistoryBucket, mergeBuckets, packDay, unpackDay } from './history-slots';

// Packing (issue 28's growth budget): the poller adds to 1-minute and 15-minute buckets as rows
// (an upsert a sweep stays cheap), and once an hour is over its rows move into the server-day's
// packed row. A sweep packs at most PACK_SERVERS servers a bucket size, and for each only the
// oldest unpacked day (up to the current hour), so its work stays bounded: 10,000 servers' last
// hour is packed within 40 sweeps (10 minutes), and a backlog (buckets stored before the packed
// rows existed) drains a day per server at a time.

const DAY = 86_400;
const HOUR = 3600;

/** The bucket sizes kept packed by the day. */
export const PACKED_BUCKETS = [60, 900] as const;

/** Servers packed per bucket size in one sweep. */
export const PACK_SERVERS = 250;

const ROWS_PER_STATEMENT = 500;

const dayOf = (at: number) => Math.floor(at / DAY) * DAY;

/** Moves up to `servers` servers' finished hours of each packed size into their day rows; answers the bucket rows moved. */
export async function packFinishedHours(db: Kysely<ServersTables>, now: number, servers = PACK_SERVERS) {
  const before = Math.floor(now / HOUR) * HOUR;
  let moved = 0;
  for (const seconds of PACKED_BUCKETS) {
    // The oldest unpacked buckets name the servers (the age index answers this without a scan).
    const oldest = await db
      .selectFrom('server_history')
      .select(['server_id', 'at'])
      .where('bucket_seconds', '=', seconds)
      .where('at', '<', before)
      .orderBy('at')
      .limit(servers)
      .execute();
    if (oldest.length === 0) continue;
    const ids = [...new Set(oldest.map((row) => row.server_id))];
    const firstDay = dayOf(Number((oldest[0] as { at: number }).at));
    const until = Math.min(before, firstDay + DAY);
    const rows = await db
      .selectFrom('server_history')
      .select(['server_id', 'at', ...BUCKET_FIGURES])
      .where('bucket_seconds', '=', seconds)
      .where('server_id', 'in', ids)
      .where('at', '<', until)
      .execute();
    const days = [...new Set(rows.map((row) => dayOf(Number(row.at))))];
    const held = await db
      .selectFrom('server_history_days')
      .select(['server_id', 'day', 'slots'])
      .where('bucket_seconds', '=', seconds)
      .where('server_id', 'in', ids)
      .where('day', 'in', days)
      .execute();
    const byKey = new Map<string, { server_id: string; day: number; buckets: HistoryBucket[] }>();
    const entry = (serverId: string, day: number) => {
      const key = `${day} ${serverId}`;
      let found = byKey.get(key);
      if (!found) {
        found = { server_id: serverId, day, buckets: [] };
        byKey.set(key, found);
      }
      return found;
    };
    for (const row of held) {
      const day = Number(row.day);
      entry(row.server_id, day).buckets.push(...unpackDay(day, seconds, row.slots));
    }
    for (const row of rows) {
      const at = Number(row.at);
      // PostgreSQL answers bigint columns as strings.
      entry(row.server_id, dayOf(at)).buckets.push({
        ...row,
        at,
        players_sum: Number(row.players_sum),
      });
    }
    const packed = [...byKey.values()].map(({ server_id, day, buckets }) => ({
      server_id,
      bucket_seconds: seconds,
      day,
      slots: packDay(day, seconds, sortMerged(buckets)),
    }));
    for (let start = 0; start < packed.length; start += ROWS_PER_STATEMENT) {
      await db
        .insertInto('server_history_days')
        .values(packed.slice(start, start + ROWS_PER_STATEMENT))
        .onConflict((oc) =>
          oc.columns(['server_id', 'bucket_seconds', 'day']).doUpdateSet((eb) => ({ slots: eb.ref('excluded.slots') })),
        )
        .execute();
    }
    for (let start = 0; start < ids.length; start += ROWS_PER_STATEMENT) {
      const result = await db
        .deleteFrom('server_history')
        .where('bucket_seconds', '=', seconds)
        .where('server_id', 'in', ids.slice(start, start + ROWS_PER_STATEMENT))
        .where('at', '<', until)
        .executeTakeFirst();
      moved += Number(result.numDeletedRows);
    }
  }
  return moved;
}

/** Buckets by start, those of the same start merged (a day row's and a late row's). */
export function sortMerged(buckets: readonly HistoryBucket[]): HistoryBucket[] {
  const byAt = new Map<number, HistoryBucket>();
  for (const bucket of buckets) {
    const held = byAt.get(bucket.at);
    byAt.set(bucket.at, held ? mergeBuckets(held, bucket) : bucket);
  }
  return [...byAt.values()].sort((a, b) => a.at - b.at);
}
