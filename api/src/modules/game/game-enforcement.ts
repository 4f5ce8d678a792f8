import { steamIdForms } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { eventBus } from '../../lib/event-bus';
import type { RestrictionChanged } from '../../lib/events';
import { runRconCommand } from '../../protocols/rcon-client';
import { playersBansNotesService } from '../players-bans-notes';
import { serversService } from '../servers';
import { enqueueCommands } from './game-commands';
import { enforcementOf, rconCommandOf } from './game-messages';
import type { GameTables } from './tables';

// Enforcement within seconds (issue 25 item 2): when a ban or comm block is created or lifted,
// by any path, every server where the player is connected acts on it: through the plugin's
// command channel when the server has a token, else over RCON when it has a password, else
// not at all (the next connect check refuses them anyway).

export interface EnforcementOptions {
  rconTimeoutMs: number;
  log: { info(message: string): void; warn(message: string): void };
}

export type Enforced = { serverId: string; via: 'plugin' | 'rcon'; commandId?: number; rcon?: string };

/** Acts on one change; answers what each server was asked to do (for tests and logs). */
export async function enforce(
  db: Kysely<GameTables>,
  change: RestrictionChanged,
  options: EnforcementOptions,
): Promise<Enforced[]> {
  if (!change.steamid) return [];
  const steamid = change.steamid;
  const { kind, message } = enforcementOf(change);
  // Only the servers the restriction's scope covers (issue 25 item 3); a lift reaches the same.
  const connected = await playersBansNotesService.serversWherePlayerConnected(db, steamid);
  const scope = change.scope ?? { kind: 'community', id: null };
  const directory = scope.kind === 'group' && connected.length > 0 ? await serversService.serverDirectory(db) : null;
  const servers = connected.filter(({ serverId }) =>
    playersBansNotesService.covers(
      { scope_kind: scope.kind, scope_id: scope.id },
      { serverId, groupId: directory?.servers.get(serverId)?.groupId ?? null },
    ),
  );
  const done: Enforced[] = [];
  await Promise.all(
    servers.map(async ({ serverId }) => {
      const token = await db
        .selectFrom('game_tokens')
        .select('server_id')
        .where('server_id', '=', serverId)
        .executeTakeFirst();
      if (token) {
        const [commandId] = await enqueueCommands(db, serverId, [
          {
            kind,
            steamid,
            payload: { message, banId: change.banId, reason: change.reason, expiresAt: change.expiresAt },
          },
        ]);
        done.push({ serverId, via: 'plugin', commandId });
        return;
      }
      const command = rconCommandOf(kind, steamIdForms(steamid).steam2, message);
      const address = command ? await serversService.rconAddress(db, serverId) : null;
      if (!command || !address) return;
      try {
        await runRconCommand({ ...address, timeoutMs: options.rconTimeoutMs }, command);
        done.push({ serverId, via: 'rcon', rcon: command });
      } catch (error) {
        options.log.warn(
          `Enforcing ${kind} #${change.banId} on ${serverId} over RCON failed: ${(error as Error).message}`,
        );
      }
    }),
  );
  if (done.length > 0) {
    options.log.info(`Enforced ${kind} #${change.banId} on ${done.map((d) => `${d.serverId} (${d.via})`).join(', ')}`);
  }
  return done;
}

/** Listens for restriction changes on the app's bus; answers the unsubscribe. */
export function startEnforcement(db: Kysely<GameTables>, options: EnforcementOptions): () => void {
  return eventBus(db).on('restriction.changed', 'game/enforcement', async (change) => {
    await enforce(db, change, options);
  });
}
