import {
  REQUEST_STOP_COMMAND,
  requestStopResponseSchema,
  SERVER_ACTION_ERRORS,
  type ServerAction,
} from '@outpost/contracts';
import { type Failure, type HostApi, type HostNotification, parseFailure } from '@outpost/host';

const PLAYERS_ONLINE_TEXT = 'Request failed: There are players online.';

function actionPath(serverId: string, command: string): string {
  return `/api/servers/${encodeURIComponent(serverId)}/action/${encodeURIComponent(command)}`;
}

/** What a failed action shows: the API's message, else a plain-text body, else the status line. */
function failureText(failure: Failure): string {
  return failure.body === null && failure.text ? failure.text : failure.message;
}

class PlayersOnlineError extends Error {}

/**
 * builtin:request_stop asks the server to stop when nobody is playing; it answers
 * `{response}`. A refused request says 'players online'; any other failure throws
 * 'Server returned {status} {statusText} for {id}'.
 */
export async function requestStop(host: HostApi, serverId: string): Promise<string> {
  const response = await host.apiFetch(actionPath(serverId, REQUEST_STOP_COMMAND), { method: 'POST', quiet: true });
  if (!response) throw new Error(`Could not reach the API for ${serverId}`);
  if (!response.ok) {
    const failure = await parseFailure(response);
    if (failure.code === SERVER_ACTION_ERRORS.playersOnline) throw new PlayersOnlineError(failure.message);
    throw new Error(`Server returned ${response.status} ${response.statusText} for ${serverId}`);
  }
  const parsed = requestStopResponseSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data.response : '';
}

function errorToast(serverId: string, message: string): HostNotification {
  return { level: 'error', title: `Server (${serverId}) returned error`, message };
}

const PLAYERS_ONLINE_TOAST: HostNotification = { level: 'error', message: PLAYERS_ONLINE_TEXT };

/** Runs one action and returns the toast SPEC 8 asks for; never throws. */
export async function runServerAction(
  host: HostApi,
  serverId: string,
  action: ServerAction,
): Promise<HostNotification> {
  const success: HostNotification = { level: 'success', message: `${action.name} ran successfully` };
  if (action.command === REQUEST_STOP_COMMAND) {
    try {
      const answer = await requestStop(host, serverId);
      // SPEC 8: the game server's own answer may say so (that is its text, not an API message).
      if (answer.includes('players online')) return PLAYERS_ONLINE_TOAST;
      return answer ? { ...success, title: success.message, message: answer } : success;
    } catch (error) {
      if (error instanceof PlayersOnlineError) return PLAYERS_ONLINE_TOAST;
      return errorToast(serverId, error instanceof Error ? error.message : String(error));
    }
  }
  const response = await host.apiFetch(actionPath(serverId, action.command), { method: 'POST', quiet: true });
  if (!response) return errorToast(serverId, 'Could not reach the API');
  if (response.ok) return success;
  const failure = await parseFailure(response);
  if (failure.code === SERVER_ACTION_ERRORS.playersOnline) return PLAYERS_ONLINE_TOAST;
  return errorToast(serverId, failureText(failure));
}
