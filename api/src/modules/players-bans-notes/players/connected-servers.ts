import { PRESENCE_STALE_SECONDS } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import type { PlayersBansNotesTables } from '../tables';

// Where a player is connected now, by the plugins' connect/disconnect events (issue 25 item 2:
// enforcement acts on those servers). A connect older than STALE_CONNECT_SECONDS without a
// disconnect is stale (a crashed server never said goodbye) and does not count.

/** The one staleness rule of who is where (12 hours), as game-authority's CONNECTED_TRUST_SECONDS. */
export const STALE_CONNECT_SECONDS = PRESENCE_STALE_SECONDS;

export async function serversWherePlayerConnected(
  db: Kysely<PlayersBansNotesTables>,
  steamid: string,
): Promise<{ serverId: string; connectedAt: number }[]> {
  const rows = await db
    .selectFrom('player_servers')
    .select(['server_id', 'connected_at'])
    .where('steamid', '=', steamid)
    .where('connected_at', 'is not', null)
    .where('connected_at', '>', nowSeconds() - STALE_CONNECT_SECONDS)
    .execute();
  return rows.map((row) => ({ serverId: row.server_id, connectedAt: Number(row.connected_at) }));
}

/**
 * Where each of these players is connected now (the same rule), for many at once: one
 * statement per 500 players. Enforcement of a federation page's thousand bans looks them up
 * together (game-enforcement.ts), not with a statement each.
 */
export async function serversWherePlayersConnected(
  db: Kysely<PlayersBansNotesTables>,
  steamids: readonly string[],
): Promise<Map<string, { serverId: string; connectedAt: number }[]>> {
  const found = new Map<string, { serverId: string; connectedAt: number }[]>();
  const since = nowSeconds() - STALE_CONNECT_SECONDS;
  for (let at = 0; at < steamids.length; at += 500) {
    const rows = await db
      .selectFrom('player_servers')
      .select(['steamid', 'server_id', 'connected_at'])
      .where('steamid', 'in', steamids.slice(at, at + 500))
      .where('connected_at', 'is not', null)
      .where('connected_at', '>', since)
      .execute();
    for (const row of rows) {
      const servers = found.get(row.steamid) ?? [];
      servers.push({ serverId: row.server_id, connectedAt: Number(row.connected_at) });
      found.set(row.steamid, servers);
    }
  }
  return found;
}
