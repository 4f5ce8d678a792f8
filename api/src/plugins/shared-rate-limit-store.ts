import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** How often an instance clears ended windows (any instance may; it is idempotent). */
const PRUNE_EVERY_MS = 60_000;

interface WindowCount {
  hits: number;
  windowEndsAt: number;
}

/** The shared counters (the meta module's, given by app.ts: plugins/ import no module). */
export interface RateLimitCounters {
  countHit(db: Kysely<Database>, key: string, windowMs: number, nowMs?: number): Promise<WindowCount>;
  peekHits(db: Kysely<Database>, key: string, nowMs?: number): Promise<WindowCount>;
  pruneCounters(db: Kysely<Database>, beforeMs: number): Promise<number>;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store on the database, for several instances on PostgreSQL: each
 * hit is one atomic upsert (the meta module's counters), so a limit of 30 a minute holds
 * across instances instead of becoming 30 per instance. Counters are per route, like the
 * plugin's in-memory store (`child` is called once per limited route). Fixed windows: the
 * plugin's continueExceeding and exponentialBackoff options are not supported (unused).
 */
export function databaseRateLimitStore(db: Kysely<Database>, counters: RateLimitCounters): FastifyRateLimitStoreCtor {
  let prunedAt = 0;
  const prune = (nowMs: number) => {
    if (nowMs - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = nowMs;
    // Best effort: a failed prune only leaves rows that restart at 1 when next hit.
    void counters.pruneCounters(db, nowMs - PRUNE_EVERY_MS).catch(() => undefined);
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(options: FastifyRateLimitOptions & { routeInfo?: { method?: unknown; url?: unknown } } = {}) {
      const route = options.routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : String(route?.method ?? '');
      this.scope = route?.url ? `${method} ${String(route.url)}` : 'global';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const nowMs = Date.now();
      counters
        .countHit(db, `${this.scope} ${key}`, timeWindow, nowMs)
        .then(({ hits, windowEndsAt }) => callback(null, { current: hits, ttl: Math.max(0, windowEndsAt - nowMs) }))
        .catch((error: Error) => callback(error));
      prune(nowMs);
    }

    read(key: string, callback: Callback): void {
      const nowMs = Date.now();
      counters
        .peekHits(db, `${this.scope} ${key}`, nowMs)
        .then(({ hits, windowEndsAt }) =>
          callback(null, { current: hits, ttl: hits === 0 ? 0 : Math.max(0, windowEndsAt - nowMs) }),
        )
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: FastifyRateLimitOptions): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  }
  return DatabaseRateLimitStore;
}
