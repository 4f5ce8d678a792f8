// The plugin token check on PostgreSQL (issue 30: the connect check's p95 <= 2 ms). Every
// /api/game call first finds its server by the token's hash; on PostgreSQL that is a round trip
// before the call's own reads could start, as much as the whole check's budget on a busy
// machine. So each instance keeps the answer briefly (TOKEN_CACHE_TTL_MS), and a rotation still
// ends the old token at once: the rotating instance forgets it before it answers, and the others
// hear it by NOTIFY on the command channel (game-commands.ts) and forget it too; a (re)connected
// listener forgets everything, since it may have missed one. The TTL is only the bound for a
// notification lost without a reconnect. SQLite answers the lookup from memory in microseconds
// and needs none of this.

/** How long a token found on PostgreSQL is taken as read without asking again. */
export const TOKEN_CACHE_TTL_MS = 5_000;
/** The NOTIFY payload prefix (on the command channel) that says "this server's token changed". */
export const TOKEN_ROTATED_PREFIX = 'token-rotated:';

export interface CachedToken {
  serverId: string;
  /** Seconds since the epoch of the last recorded use (the row's last_used). */
  lastUsed: number | null;
  until: number;
}

const caches = new WeakMap<object, Map<string, CachedToken>>();
const MAX_ENTRIES = 10_000;

function cacheOf(db: object): Map<string, CachedToken> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** The server of this token hash, if this instance found it within the TTL. */
export function cachedToken(db: object, tokenHash: string, now = Date.now()): CachedToken | undefined {
  const cache = cacheOf(db);
  const kept = cache.get(tokenHash);
  if (!kept) return undefined;
  if (kept.until > now) return kept;
  cache.delete(tokenHash);
  return undefined;
}

export function keepToken(db: object, tokenHash: string, serverId: string, lastUsed: number | null): void {
  const cache = cacheOf(db);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(tokenHash, { serverId, lastUsed, until: Date.now() + TOKEN_CACHE_TTL_MS });
  sweepLater(cache);
}

/** How many tokens this instance keeps (the sweep's test). */
export function keptTokenCount(db: object): number {
  return cacheOf(db).size;
}

const sweeping = new WeakSet<Map<string, CachedToken>>();

/**
 * Drops the expired entries a TTL from now (and so on while any are left). Without it an entry
 * stays until its token is asked for again: 10,000 command sockets connecting left 10,000
 * entries (~170 bytes each) for as long as the sockets stayed idle (issue 30).
 */
function sweepLater(cache: Map<string, CachedToken>): void {
  if (sweeping.has(cache)) return;
  sweeping.add(cache);
  const timer = setTimeout(() => {
    sweeping.delete(cache);
    const now = Date.now();
    for (const [hash, kept] of cache) if (kept.until <= now) cache.delete(hash);
    if (cache.size > 0) sweepLater(cache);
  }, TOKEN_CACHE_TTL_MS + 100);
  timer.unref();
}

/** Forgets every token of this server (its token was rotated here or on another instance). */
export function forgetServerToken(db: object, serverId: string): void {
  const cache = cacheOf(db);
  for (const [hash, kept] of cache) if (kept.serverId === serverId) cache.delete(hash);
}

/** Forgets every token (the listener reconnected: a rotation may have gone unheard). */
export function forgetAllTokens(db: object): void {
  cacheOf(db).clear();
}
