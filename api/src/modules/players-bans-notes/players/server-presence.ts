import { PRESENCE_STALE_SECONDS } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import type { PlayersBansNotesTables } from '../tables';

// Who is on a server, by its plugin's connect/disconnect events (issue 25 item 1): connected
// now (connected_at set and fresh) and seen recently (left, or a stale connect, since `since`).
// Both read the player_servers_by_server index (server_id, last_seen).

const LIST_LIMIT = 200;

/** Whether a connect time still means "connected now" at `now` (no disconnect for 12 h: stale). */
export function connectedNow(connectedAt: number | null, now: number): connectedAt is number {
  return connectedAt !== null && now - connectedAt < PRESENCE_STALE_SECONDS;
}

export async function playersOnServer(
  db: Kysely<PlayersBansNotesTables>,
  serverId: string,
  window: { now: number; since: number },
): Promise<{
  connected: { steamid: string; name: string; connectedAt: number }[];
  recent: { steamid: string; name: string; lastSeen: number }[];
}> {
  const fresh = window.now - PRESENCE_STALE_SECONDS;
  const base = db
    .selectFrom('player_servers')
    .innerJoin('players', 'players.steamid', 'player_servers.steamid')
    .select(['player_servers.steamid', 'players.name', 'player_servers.connected_at', 'player_servers.last_seen'])
    .where('player_servers.server_id', '=', serverId);
  const [connected, recent] = await Promise.all([
    // A connect sets last_seen too, so the connected are among last_seen > fresh.
    base
      .where('player_servers.last_seen', '>', fresh)
      .where('player_servers.connected_at', '>', fresh)
      .orderBy('player_servers.connected_at', 'desc')
      .orderBy('player_servers.steamid')
      .limit(LIST_LIMIT)
      .execute(),
    base
      .where('player_servers.last_seen', '>=', window.since)
      .where((eb) =>
        eb.or([eb('player_servers.connected_at', 'is', null), eb('player_servers.connected_at', '<=', fresh)]),
      )
      .orderBy('player_servers.last_seen', 'desc')
      .orderBy('player_servers.steamid')
      .limit(LIST_LIMIT)
      .execute(),
  ]);
  return {
    connected: connected.map((row) => ({
      steamid: row.steamid,
      name: row.name || row.steamid,
      connectedAt: Number(row.connected_at),
    })),
    recent: recent.map((row) => ({
      steamid: row.steamid,
      name: row.name || row.steamid,
      lastSeen: Number(row.last_seen),
    })),
  };
}
