import type { Kysely } from 'kysely';
import type { ServersTables } from '../tables';

// Maps played (issue 30's growth budget): the poller starts and ends maps as rows of server_maps
// (a map change stays one small write), and once the day a map ended in is over, the map moves
// into that server-day's row of server_map_days: one row's keys per server-day instead of one per
// map with three indexes. A day row holds the maps that ended in it, so the maps a range shows are
// the day rows from the range's first day on, plus server_maps. A sweep moves at most
// PACK_MAP_ROWS maps, oldest ended first: 10,000 servers' day of maps (125,000 at a map every two
// hours) moves within ~60 sweeps (15 minutes), and a backlog drains the same way.

const DAY = 86_400;

/** Ended maps moved into day rows per sweep. */
export const PACK_MAP_ROWS = 2000;

const ROWS_PER_STATEMENT = 500;

export interface PlayedMap {
  map: string;
  started_at: number;
  ended_at: number;
}

export const dayOf = (at: number) => Math.floor(at / DAY) * DAY;

/** A day row's text: [[started, ended, map], ...] by start, times in seconds from the day's start. */
export function packMapDay(day: number, maps: readonly PlayedMap[]): string {
  const sorted = [...maps].sort((a, b) => a.started_at - b.started_at || a.ended_at - b.ended_at);
  return JSON.stringify(sorted.map((m) => [m.started_at - day, m.ended_at - day, m.map]));
}

/** The maps of a day row; an entry of the wrong shape (hand-edited, cut short) is left out. */
export function unpackMapDay(day: number, text: string): PlayedMap[] {
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(entries)) return [];
  const maps: PlayedMap[] = [];
  for (const entry of entries) {
    if (!Array.isArray(entry) || entry.length !== 3) continue;
    const [started, ended, map] = entry as unknown[];
    if (typeof started !== 'number' || typeof ended !== 'number' || typeof map !== 'string') continue;
    maps.push({ map, started_at: day + started, ended_at: day + ended });
  }
  return maps;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** Adds ended maps to their server-day rows (the day each ended in), merged with what a row holds. */
export async function addToMapDays(
  db: Kysely<ServersTables>,
  maps: readonly (PlayedMap & { server_id: string })[],
): Promise<void> {
  const byKey = new Map<string, { server_id: string; day: number; maps: PlayedMap[] }>();
  for (const { server_id, ...map } of maps) {
    const day = dayOf(map.ended_at);
    const key = `${day} ${server_id}`;
    const found = byKey.get(key);
    if (found) found.maps.push(map);
    else byKey.set(key, { server_id, day, maps: [map] });
  }
  const entries = [...byKey.values()];
  for (const batch of chunks(entries, ROWS_PER_STATEMENT)) {
    const held = await db
      .selectFrom('server_map_days')
      .select(['server_id', 'day', 'maps'])
      .where('server_id', 'in', [...new Set(batch.map((entry) => entry.server_id))])
      .where('day', 'in', [...new Set(batch.map((entry) => entry.day))])
      .execute();
    for (const row of held) {
      // PostgreSQL answers bigint columns as strings.
      const day = Number(row.day);
      byKey.get(`${day} ${row.server_id}`)?.maps.unshift(...unpackMapDay(day, row.maps));
    }
    await db
      .insertInto('server_map_days')
      .values(batch.map(({ server_id, day, maps }) => ({ server_id, day, maps: packMapDay(day, maps) })))
      .onConflict((oc) => oc.columns(['server_id', 'day']).doUpdateSet((eb) => ({ maps: eb.ref('excluded.maps') })))
      .execute();
  }
}

/** Moves up to `limit` maps that ended before today into their day rows; answers how many moved. */
export async function packEndedMaps(db: Kysely<ServersTables>, now: number, limit = PACK_MAP_ROWS) {
  // The ended_at index answers this without a scan: the oldest ended maps first.
  const ended = await db
    .selectFrom('server_maps')
    .select(['id', 'server_id', 'map', 'started_at', 'ended_at'])
    .where('ended_at', '<', dayOf(now))
    .orderBy('ended_at')
    .limit(limit)
    .execute();
  if (ended.length === 0) return 0;
  await addToMapDays(
    db,
    ended.map((row) => ({
      server_id: row.server_id,
      map: row.map,
      started_at: Number(row.started_at),
      ended_at: Number(row.ended_at),
    })),
  );
  for (const batch of chunks(ended, ROWS_PER_STATEMENT)) {
    await db
      .deleteFrom('server_maps')
      .where(
        'id',
        'in',
        batch.map((row) => row.id),
      )
      .execute();
  }
  return ended.length;
}

/** One server's maps running at or ended since `from`, by start: day rows and rows still in server_maps. */
export async function readMaps(
  db: Kysely<ServersTables>,
  serverId: string,
  from: number,
): Promise<{ map: string; startedAt: number; endedAt: number | null }[]> {
  const days = await db
    .selectFrom('server_map_days')
    .select(['day', 'maps'])
    .where('server_id', '=', serverId)
    .where('day', '>=', dayOf(from))
    .orderBy('day')
    .execute();
  const live = await db
    .selectFrom('server_maps')
    .select(['map', 'started_at', 'ended_at'])
    .where('server_id', '=', serverId)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', from)]))
    .orderBy('started_at')
    .orderBy('id')
    .execute();
  const packed = days
    .flatMap((row) => unpackMapDay(Number(row.day), row.maps))
    .filter((map) => map.ended_at >= from)
    .map((map) => ({ map: map.map, startedAt: map.started_at, endedAt: map.ended_at as number | null }));
  const running = live.map((row) => ({
    map: row.map,
    startedAt: Number(row.started_at),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
  }));
  // Stable: a packed map before a live one of the same start (it ended earlier).
  return [...packed, ...running].sort((a, b) => a.startedAt - b.startedAt);
}

/** Drops day rows whose every map ended before `cutoff`. */
export async function pruneMapDays(db: Kysely<ServersTables>, cutoff: number): Promise<number> {
  const result = await db
    .deleteFrom('server_map_days')
    .where('day', '<=', cutoff - DAY)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
