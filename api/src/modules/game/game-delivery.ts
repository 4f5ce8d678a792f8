import { steamIdForms } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { eventBus } from '../../lib/event-bus';
import { runRconCommand } from '../../protocols/rcon-client';
import { playersBansNotesService } from '../players-bans-notes';
import { serversService } from '../servers';
import { enqueueCommands, type NewCommand } from './game-commands';
import { rconCommandOf, warnMessage } from './game-messages';
import { hasPluginToken } from './game-tokens';
import type { GameTables } from './tables';

// One command to one connected player, on one server or on every server they are on (issue 25
// item 2: warnings and web kicks): the plugin's command channel where the server has a token,
// else RCON where it has a password (rconCommandOf: `kickid`, `sm_psay`), else nothing.

export interface DeliveryOptions {
  rconTimeoutMs: number;
  log: { info(message: string): void; warn(message: string): void };
}

export type Delivered = { serverId: string; via: 'plugin' | 'rcon'; commandId?: number; rcon?: string };

/** Sends the command to one server; null when the server has neither a token nor an RCON password, or RCON failed. */
export async function deliverToServer(
  db: Kysely<GameTables>,
  serverId: string,
  command: NewCommand,
  options: DeliveryOptions,
): Promise<Delivered | null> {
  if (await hasPluginToken(db, serverId)) {
    const [commandId] = await enqueueCommands(db, serverId, [command]);
    return { serverId, via: 'plugin', commandId };
  }
  const rcon = rconCommandOf(command.kind, steamIdForms(command.steamid).steam2, command.payload.message);
  const address = rcon ? await serversService.rconAddress(db, serverId) : null;
  if (!rcon || !address) return null;
  try {
    await runRconCommand({ ...address, timeoutMs: options.rconTimeoutMs }, rcon);
    return { serverId, via: 'rcon', rcon };
  } catch (error) {
    options.log.warn(`Sending ${command.kind} to ${serverId} over RCON failed: ${(error as Error).message}`);
    return null;
  }
}

/** Sends the command to every server where its player is connected now. */
export async function deliverWhereConnected(
  db: Kysely<GameTables>,
  command: NewCommand,
  options: DeliveryOptions,
): Promise<Delivered[]> {
  const servers = await playersBansNotesService.serversWherePlayerConnected(db, command.steamid);
  const done = await Promise.all(servers.map(({ serverId }) => deliverToServer(db, serverId, command, options)));
  return done.filter((d): d is Delivered => d !== null);
}

/** Listens for new warnings on the app's bus: each is shown to the player wherever they play; answers the unsubscribe. */
export function startWarningDelivery(db: Kysely<GameTables>, options: DeliveryOptions): () => void {
  return eventBus(db).on('warning.created', 'game/enforcement', async (warning) => {
    const done = await deliverWhereConnected(
      db,
      {
        kind: 'warn',
        steamid: warning.steamid,
        payload: {
          message: warnMessage(warning.reason, warning.authorName, warning.activeCount),
          banId: null,
          reason: warning.reason,
          expiresAt: warning.expiresAt,
          activeWarnings: warning.activeCount,
          warningId: warning.warningId,
        },
      },
      options,
    );
    if (done.length > 0)
      options.log.info(
        `Warning #${warning.warningId} shown on ${done.map((d) => `${d.serverId} (${d.via})`).join(', ')}`,
      );
  });
}
