import type { Kysely } from 'kysely';
import { gameService } from '../game';
import { serversService } from '../servers';
import { escapeMarkdown } from './commands';
import type { DiscordTables } from './tables';

// What a ban, comm block or lift made from Discord did on the game servers, for its answer:
// the game module's enforcement tells every server the player is connected to (plugin channel,
// else RCON); a slow server is why these commands defer their answer.

/** "Servers told now: Versus #1 (RCON)", or that none could be. */
export async function enforcementReport(
  db: Kysely<DiscordTables>,
  action: 'created' | 'lifted',
  banId: number,
): Promise<string> {
  const done = await gameService.enforcementOutcome(db, action, banId);
  if (done.length === 0)
    return 'No server they are connected to could be told now; every server checks again when they connect.';
  const names = await serversService.serverNameMap(db);
  const told = done.map(
    (server) =>
      `${escapeMarkdown(names.get(server.serverId) ?? server.serverId)} (${server.via === 'rcon' ? 'RCON' : 'plugin'})`,
  );
  return `Servers told now: ${told.join(', ')}.`;
}
