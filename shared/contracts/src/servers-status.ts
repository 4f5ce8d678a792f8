// The zod-free helpers of the servers contract (servers.ts re-exports them), for the browser's
// first load (@outpost/contracts/browser) without zod.
import type { Game, Server } from './servers';

export type GameFamily = 'source' | 'minecraft';
/** SPEC 3: l4d2, tf2, csgo, cs2 are the source family (they have a map); minecraft is its own. */
export function gameFamily(game: Game): GameFamily {
  return game === 'minecraft' ? 'minecraft' : 'source';
}

/**
 * How many players are on: the count the server reports, which the names list may not match
 * (Minecraft answers only a sample of names; Source hides connecting players).
 */
export function reportedPlayerCount(data: { players: readonly unknown[]; playerCount?: number }): number {
  return data.playerCount ?? data.players.length;
}

/** SPEC 8: the four states a server's status icon shows. */
export type ServerStatusKind = 'empty' | 'players' | 'no-data' | 'offline';
export function serverStatusKind(server: Pick<Server, 'online' | 'status'>): ServerStatusKind {
  if (!server.online) return 'offline';
  if (!server.status.data) return 'no-data';
  return reportedPlayerCount(server.status.data) > 0 ? 'players' : 'empty';
}
