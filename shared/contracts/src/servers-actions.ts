import { z } from 'zod';

/**
 * POST /api/servers/{id}/action/{command}: 204 on success, `{error, message}` otherwise.
 * The command is the action's `command` (URL-encoded); permission servers.action.<command>.
 */
export const REQUEST_STOP_COMMAND = 'builtin:request_stop';

/** Answer of builtin:request_stop: what the server said. Refused with 'players online' in the message. */
export const requestStopResponseSchema = z.object({ response: z.string() });
export type RequestStopResponse = z.infer<typeof requestStopResponseSchema>;

export { serverActionPermission } from './servers-action-permission';

/** Error codes an action run answers with (besides 401/403/404 of every route). */
export const SERVER_ACTION_ERRORS = {
  /** Server has no RCON password or port configured. */
  noRcon: 'RCON_NOT_CONFIGURED',
  /** The server refused the RCON password. */
  authFailed: 'RCON_AUTH_FAILED',
  /** No TCP connection or no answer in time. */
  unreachable: 'RCON_UNREACHABLE',
  /** builtin:request_stop while players are on (message contains 'players online'). */
  playersOnline: 'PLAYERS_ONLINE',
  /** The server lacks a feature the action requires (requiresFeatures). */
  unavailable: 'ACTION_UNAVAILABLE',
  /** The command is not one of the server's actions. */
  unknownAction: 'UNKNOWN_ACTION',
} as const;
