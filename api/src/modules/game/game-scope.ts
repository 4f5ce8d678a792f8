import type { BanScope } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import type { ServerPlace } from '../players-bans-notes';
import { serversService } from '../servers';
import type { GameTables } from './tables';

// Ban scope on the game side (issue 25 item 3): the server a plugin request comes from, with its
// group (what a ban's scope is matched against), and the scope an in-game ban asks for.

/**
 * How long a server's group is taken as read: the connect check (p95 <= 2 ms) skips the read
 * for a server asked about within this time. A server moved to another group is matched
 * against its new group's bans at most this late.
 */
export const SERVER_PLACE_TTL_MS = 10_000;
const placeCache = new WeakMap<object, Map<string, { place: ServerPlace; until: number }>>();

/** The requesting server and its group (one primary-key read, kept SERVER_PLACE_TTL_MS per database). */
export async function serverPlace(db: Kysely<GameTables>, serverId: string): Promise<ServerPlace> {
  const key = db as object;
  let cache = placeCache.get(key);
  if (!cache) {
    cache = new Map();
    placeCache.set(key, cache);
  }
  const now = Date.now();
  const kept = cache.get(serverId);
  if (kept && kept.until > now) return kept.place;
  const place = { serverId, groupId: (await serversService.serverGroupOf(db, serverId)) ?? null };
  if (cache.size > 10_000) cache.clear();
  cache.set(serverId, { place, until: now + SERVER_PLACE_TTL_MS });
  return place;
}

/** An in-game ban's scope, relative to the server it is given on: absent = the whole community. */
export async function inGameScope(
  db: Kysely<GameTables>,
  serverId: string,
  kind: 'community' | 'group' | 'server' | undefined,
): Promise<BanScope> {
  if (kind === 'server') return { kind: 'server', serverId };
  if (kind === 'group') {
    const groupId = await serversService.serverGroupOf(db, serverId);
    if (groupId) return { kind: 'group', groupId };
  }
  return { kind: 'community' };
}
