// One call to Discord's REST API as the bot (Authorization: Bot <token>), and what it means
// for the durable queue that made it. Rate limits are read by lib/discord-rate-limit, the same
// reading as the webhook worker's.
import { bucketRestMs, discordError, rateLimitedText, rateLimitedWaitMs } from '../../lib/discord-rate-limit';

export type RestOutcome =
  /** Done; `restMs` is how long the route's bucket asks to rest (it is empty), or 0. */
  | { kind: 'done'; status: number; body: unknown; restMs: number }
  /** Try again: after `afterMs` when Discord said so (429), else the caller's back-off. */
  | { kind: 'retry'; status: number | null; afterMs: number | null; error: string }
  /** Discord refused it for good (a missing channel, message, role or permission). */
  | { kind: 'refused'; status: number; code: number | null; error: string };

export interface BotCall {
  apiUrl: string;
  /** Null for a call the path itself authorizes (an interaction's follow-up, by its token). */
  botToken: string | null;
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** After /v10, e.g. /channels/1/messages. */
  path: string;
  body?: unknown;
  reason?: string;
  timeoutMs: number;
}

export async function callDiscordBot(call: BotCall): Promise<RestOutcome> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${call.apiUrl.replace(/\/+$/, '')}/v10${call.path}`, {
      method: call.method,
      headers: {
        ...(call.botToken !== null ? { authorization: `Bot ${call.botToken}` } : {}),
        'user-agent': 'DiscordBot (https://github.com/outpost, 1.0)',
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(call.reason ? { 'x-audit-log-reason': encodeURIComponent(call.reason.slice(0, 400)) } : {}),
      },
      body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    return {
      kind: 'retry',
      status: null,
      afterMs: null,
      error: `Discord cannot be reached: ${(error as Error).message}`,
    };
  }
  const status = response.status;
  if (status >= 200 && status < 300) {
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { kind: 'done', status, body, restMs: bucketRestMs(response.headers) };
  }
  if (status === 429) {
    const afterMs = rateLimitedWaitMs(response.headers, text);
    return { kind: 'retry', status, afterMs, error: rateLimitedText(afterMs) };
  }
  const parsed = discordError(text);
  const said = parsed.message ? `: ${parsed.message}` : '';
  if (status >= 500) return { kind: 'retry', status, afterMs: null, error: `Discord answered ${status}${said}` };
  return { kind: 'refused', status, code: parsed.code, error: `Discord refused it (${status}${said})` };
}
