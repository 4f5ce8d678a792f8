import { type Game, REQUEST_STOP_COMMAND, SERVER_ACTION_ERRORS, type ServerAction } from '@outpost/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { fromJsonColumn } from '../../db/json-column';
import { HttpError } from '../../lib/http-error';
import { A2sClient } from '../../protocols/a2s-client';
import { RconError, runRconCommand } from '../../protocols/rcon-client';
import { findGroup, findServer, type ServerRow } from './management-repository';
import { queryServer, type StoredStatus, toStoredStatus } from './poller';
import { mergeActions } from './servers-repository';
import type { ServersTables } from './tables';

export interface ActionTarget {
  server: ServerRow;
  game: Game;
  action: ServerAction | null;
}

/** The server and the action with this command among its merged actions (builtins need none). */
export async function findActionTarget(
  db: Kysely<ServersTables>,
  serverId: string,
  command: string,
): Promise<ActionTarget> {
  const server = await findServer(db, serverId);
  const group = server && (await findGroup(db, server.group_id));
  if (!server || !group) throw new HttpError(404, 'SERVER_NOT_FOUND', `There is no server ${serverId}`);
  const actions = mergeActions(
    fromJsonColumn<ServerAction[]>(group.actions, []),
    fromJsonColumn<ServerAction[]>(server.actions, []),
  );
  const action = actions.find((candidate) => candidate.command === command) ?? null;
  if (!action && command !== REQUEST_STOP_COMMAND) {
    throw new HttpError(404, SERVER_ACTION_ERRORS.unknownAction, `Server ${serverId} has no action ${command}`);
  }
  // The UI only shows an action when the server has every feature it requires; so does the API.
  const features = new Set(fromJsonColumn<string[]>(server.features, []));
  const missing = action?.requiresFeatures.filter((feature) => !features.has(feature)) ?? [];
  if (missing.length > 0) {
    throw new HttpError(
      409,
      SERVER_ACTION_ERRORS.unavailable,
      `Server ${serverId} lacks ${missing.join(', ')} for ${command}`,
    );
  }
  return { server, game: group.game as Game, action };
}

/** Runs one command over RCON, turning each failure into an HTTP error a toast can show. */
export async function runOnServer(app: FastifyInstance, server: ServerRow, command: string): Promise<string> {
  if (!server.rcon_password) {
    throw new HttpError(409, SERVER_ACTION_ERRORS.noRcon, `Server ${server.id} has no RCON password set`);
  }
  try {
    return await runRconCommand(
      {
        host: server.ip,
        port: server.rcon_port ?? server.port,
        password: server.rcon_password,
        timeoutMs: app.config.RCON_TIMEOUT_MS,
      },
      command,
    );
  } catch (error) {
    if (!(error instanceof RconError)) throw error;
    if (error.reason === 'auth') {
      throw new HttpError(502, SERVER_ACTION_ERRORS.authFailed, `Server ${server.id} refused the RCON password`);
    }
    throw new HttpError(504, SERVER_ACTION_ERRORS.unreachable, error.message);
  }
}

/** Players on right now: a live query, falling back to the poller's last answer. */
export async function playersOnline(app: FastifyInstance, server: ServerRow, game: Game): Promise<number> {
  const client = await A2sClient.open();
  try {
    const outcome = await queryServer(
      client,
      { id: server.id, ip: server.ip, port: server.port, queryPort: server.query_port, game },
      app.config.POLL_TIMEOUT_MS,
    );
    const live = toStoredStatus(game, outcome);
    const status = live.data ? live : fromJsonColumn<StoredStatus | null>(server.status, null);
    return status?.data ? (status.data.playerCount ?? status.data.players.length) : 0;
  } finally {
    client.close();
  }
}
