import { type Kysely, sql } from 'kysely';
import type { MetaTables } from './tables';

export interface WindowCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the current window ends (ms since the epoch). */
  windowEndsAt: number;
}

/** Keys longer than the column are cut: a key is a route and an address, far shorter. */
const KEY_MAX = 300;

/**
 * Counts one hit for `key` in a fixed window of `windowMs`, atomically: one upsert that
 * starts a new window when the stored one has ended, else adds one. Concurrent hits from
 * any number of instances are each counted exactly once (the row lock orders them).
 */
export async function countHit(
  db: Kysely<MetaTables>,
  key: string,
  windowMs: number,
  nowMs = Date.now(),
): Promise<WindowCount> {
  const ended = sql<boolean>`rate_limit_counters.window_ends_at <= ${nowMs}`;
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key: key.slice(0, KEY_MAX), hits: 1, window_ends_at: nowMs + windowMs })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql<number>`case when ${ended} then 1 else rate_limit_counters.hits + 1 end`,
        window_ends_at: sql<number>`case when ${ended} then ${nowMs + windowMs} else rate_limit_counters.window_ends_at end`,
      }),
    )
    .returning(['hits', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowEndsAt: Number(row.window_ends_at) };
}

/** The current window's count without counting (0 hits when no window is open). */
export async function peekHits(db: Kysely<MetaTables>, key: string, nowMs = Date.now()): Promise<WindowCount> {
  const row = await db
    .selectFrom('rate_limit_counters')
    .select(['hits', 'window_ends_at'])
    .where('key', '=', key.slice(0, KEY_MAX))
    .where('window_ends_at', '>', nowMs)
    .executeTakeFirst();
  return row ? { hits: Number(row.hits), windowEndsAt: Number(row.window_ends_at) } : { hits: 0, windowEndsAt: 0 };
}

/** Drops counters whose window ended before `beforeMs` (they would restart at 1 anyway). */
export async function pruneCounters(db: Kysely<MetaTables>, beforeMs: number): Promise<number> {
  const result = await db.deleteFrom('rate_limit_counters').where('window_ends_at', '<', beforeMs).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
