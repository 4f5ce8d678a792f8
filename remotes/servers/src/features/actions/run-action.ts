import {
  REQUEST_STOP_COMMAND,
  requestStopResponseSchema,
  SERVER_ACTION_ERRORS,
  type ServerAction,
} from '@outpost/contracts';
import { type Failure, type HostApi, type HostNotification, i18n, parseFailure } from '@outpost/host';

// The toasts' words are the staff catalog's (servers.actions.*): the buttons that run an action
// draw only once it is in (useServersCatalogs).

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
  if (!response) throw new Error(i18n._('servers.actions.unreachableFor', { id: serverId }));
  if (!response.ok) {
    const failure = await parseFailure(response);
    if (failure.code === SERVER_ACTION_ERRORS.playersOnline) throw new PlayersOnlineError(failure.message);
    throw new Error(
      i18n._('servers.actions.returned', { status: response.status, statusText: response.statusText, id: serverId }),
    );
  }
  const parsed = requestStopResponseSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data.response : '';
}

function errorToast(serverId: string, message: string): HostNotification {
  return { level: 'error', title: i18n._('servers.actions.failed', { id: serverId }), message };
}

const playersOnlineToast = (): HostNotification => ({
  level: 'error',
  message: i18n._('servers.actions.playersOnline'),
});

/** Runs one action and returns the toast SPEC 8 asks for; never throws. */
export async function runServerAction(
  host: HostApi,
  serverId: string,
  action: ServerAction,
): Promise<HostNotification> {
  const success: HostNotification = { level: 'success', message: i18n._('servers.actions.ran', { name: action.name }) };
  if (action.command === REQUEST_STOP_COMMAND) {
    try {
      const answer = await requestStop(host, serverId);
      // SPEC 8: the game server's own answer may say so (that is its text, not an API message).
      if (answer.includes('players online')) return playersOnlineToast();
      return answer ? { ...success, title: success.message, message: answer } : success;
    } catch (error) {
      if (error instanceof PlayersOnlineError) return playersOnlineToast();
      return errorToast(serverId, error instanceof Error ? error.message : String(error));
    }
  }
  const response = await host.apiFetch(actionPath(serverId, action.command), { method: 'POST', quiet: true });
  if (!response) return errorToast(serverId, i18n._('servers.actions.unreachable'));
  if (response.ok) return success;
  const failure = await parseFailure(response);
  if (failure.code === SERVER_ACTION_ERRORS.playersOnline) return playersOnlineToast();
  return errorToast(serverId, failureText(failure));
}
