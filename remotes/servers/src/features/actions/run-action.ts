import { REQUEST_STOP_COMMAND, requestStopResponseSchema, type ServerAction } from '@outpost/contracts';
import type { HostApi, HostNotification } from '@outpost/host';

const PLAYERS_ONLINE_TEXT = 'Request failed: There are players online.';

function actionPath(serverId: string, command: string): string {
  return `/api/servers/${encodeURIComponent(serverId)}/action/${encodeURIComponent(command)}`;
}

/** The message of a failed answer: the JSON `message`, else the body as text, else the status line. */
async function failureMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return text || `${response.status} ${response.statusText}`.trim();
}

/**
 * builtin:request_stop asks the server to stop when nobody is playing; it answers
 * `{response}`. A refused request says 'players online'; any other failure throws
 * 'Server returned {status} {statusText} for {id}'.
 */
export async function requestStop(host: HostApi, serverId: string): Promise<string> {
  const response = await host.apiFetch(actionPath(serverId, REQUEST_STOP_COMMAND), { method: 'POST', quiet: true });
  if (!response) throw new Error(`Could not reach the API for ${serverId}`);
  if (!response.ok) {
    const message = await failureMessage(response.clone());
    if (message.includes('players online')) throw new Error(message);
    throw new Error(`Server returned ${response.status} ${response.statusText} for ${serverId}`);
  }
  const parsed = requestStopResponseSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data.response : '';
}

function errorToast(serverId: string, message: string): HostNotification {
  if (message.includes('players online')) return { level: 'error', message: PLAYERS_ONLINE_TEXT };
  return { level: 'error', title: `Server (${serverId}) returned error`, message };
}

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
      if (answer.includes('players online')) return errorToast(serverId, answer);
      return answer ? { ...success, title: success.message, message: answer } : success;
    } catch (error) {
      return errorToast(serverId, error instanceof Error ? error.message : String(error));
    }
  }
  const response = await host.apiFetch(actionPath(serverId, action.command), { method: 'POST', quiet: true });
  if (!response) return errorToast(serverId, 'Could not reach the API');
  if (response.ok) return success;
  return errorToast(serverId, await failureMessage(response));
}
