import type { Kysely } from 'kysely';
import { BUCKET_FIGURES, type HistoryBucket, mergeBuckets, sortMerged, unpackDay } from './poller';
import type { ServersTables } from './tables';

// The 1-minute or 15-minute buckets the charts read (issue 28): finished hours packed by the day
// in server_history_days, the hour the poller is still adding to as server_history rows; both
// read here and handed on as one list, so no reader knows which were packed.

const DAY = 86_400;

export interface ServerBucket extends HistoryBucket {
  server_id: string;
}

/** Buckets of `seconds` starting after `after`, of one server or every server, by server then start. */
export async function readBuckets(
  db: Kysely<ServersTables>,
  seconds: 60 | 900,
  after: number,
  serverId?: string,
): Promise<ServerBucket[]> {
  let live = db
    .selectFrom('server_history')
    .select(['server_id', 'at', ...BUCKET_FIGURES])
    .where('bucket_seconds', '=', seconds)
    .where('at', '>', after);
  let packed = db
    .selectFrom('server_history_days')
    .select(['server_id', 'day', 'slots'])
    .where('bucket_seconds', '=', seconds)
    .where('day', '>', after - DAY);
  if (serverId !== undefined) {
    live = live.where('server_id', '=', serverId);
    packed = packed.where('server_id', '=', serverId);
  }
  const byServer = new Map<string, HistoryBucket[]>();
  const add = (id: string, bucket: HistoryBucket) => {
    const list = byServer.get(id);
    if (list) list.push(bucket);
    else byServer.set(id, [bucket]);
  };
  for (const row of await packed.execute()) {
    const day = Number(row.day);
    for (const bucket of unpackDay(day, seconds, row.slots)) if (bucket.at > after) add(row.server_id, bucket);
  }
  // PostgreSQL answers bigint columns as strings.
  for (const row of await live.execute())
    add(row.server_id, { ...row, at: Number(row.at), players_sum: Number(row.players_sum) });
  const out: ServerBucket[] = [];
  for (const [id, buckets] of byServer)
    for (const bucket of sortMerged(buckets)) out.push({ server_id: id, ...bucket });
  return out;
}

/** Buckets merged into larger ones of `seconds` (starts rounded down; max players: the most seen), in order. */
export function mergeInto(buckets: readonly HistoryBucket[], seconds: number): HistoryBucket[] {
  const byAt = new Map<number, HistoryBucket>();
  for (const bucket of buckets) {
    const at = Math.floor(bucket.at / seconds) * seconds;
    const held = byAt.get(at);
    if (!held) {
      byAt.set(at, { ...bucket, at });
      continue;
    }
    const merged = mergeBuckets(held, { ...bucket, at });
    const most = [held.max_players, bucket.max_players].filter((value) => value !== null);
    byAt.set(at, { ...merged, max_players: most.length > 0 ? Math.max(...most) : null });
  }
  return [...byAt.values()].sort((a, b) => a.at - b.at);
}
