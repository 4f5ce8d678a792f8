// One POST to a webhook and what it means for the delivery, through the shared outgoing
// guard (lib/guarded-http): AbortSignal time-outs, and the headers Discord's rate limits use.
import { ConnectionRefusedError, guardedRequest, reachErrorText, responseText } from '../../../lib/guarded-http';

export type SendOutcome =
  | {
      kind: 'delivered';
      status: number /** ms Discord asks this webhook to rest (bucket empty), or 0. */;
      restMs: number;
    }
  /** Try again later: after `afterMs` when Discord said so (429), else the caller's back-off. */
  | { kind: 'retry'; status: number | null; afterMs: number | null; error: string }
  /** Discord says the webhook is gone (404 Unknown Webhook, 401 Invalid Webhook Token). */
  | { kind: 'gone'; status: number; error: string }
  | { kind: 'failed'; status: number | null; error: string };

const seconds = (value: string | null | undefined): number | null => {
  if (value === null || value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : null;
};

/** Discord's `{ message, code }` error body as one line, when there is one. */
function discordError(text: string): { message: string | null; code: number | null; retryAfter: number | null } {
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown; retry_after?: unknown };
    return {
      message: typeof body.message === 'string' ? body.message.slice(0, 200) : null,
      code: typeof body.code === 'number' ? body.code : null,
      retryAfter: typeof body.retry_after === 'number' && body.retry_after >= 0 ? body.retry_after : null,
    };
  } catch {
    return { message: null, code: null, retryAfter: null };
  }
}

/** A 429 waits at most this long per attempt, whatever it says (a broken relay cannot park a delivery for days). */
const MAX_RETRY_AFTER_MS = 15 * 60_000;

export async function sendToWebhook(
  target: string,
  body: string,
  options: { timeoutMs: number; signal: AbortSignal; trustedHosts?: string[] },
): Promise<SendOutcome> {
  let response: { status: number; headers: Headers };
  let text: string;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    // Through the shared guard: a host resolving to a private address is never contacted.
    const answer = await guardedRequest(new URL(target), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Outpost (webhooks, 1.0)' },
      body,
      timeoutMs: options.timeoutMs,
      signal: AbortSignal.any([options.signal, timeout]),
      trustedHosts: options.trustedHosts,
    });
    text = await responseText(answer, 4000);
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') headers.set(name, value);
    response = { status: answer.statusCode ?? 0, headers };
  } catch (error) {
    if (options.signal.aborted) throw error;
    if (timeout.aborted) {
      return {
        kind: 'retry',
        status: null,
        afterMs: null,
        error: `No answer within ${Math.round(options.timeoutMs / 1000)} s`,
      };
    }
    // Staff read this in the delivery history: the reason in words, never an address.
    const why = reachErrorText(error);
    if (error instanceof ConnectionRefusedError) return { kind: 'failed', status: null, error: `Not sent: ${why}` };
    return { kind: 'retry', status: null, afterMs: null, error: `Could not reach the webhook: ${why}` };
  }
  const status = response.status;
  const headers = response.headers;
  if (status >= 200 && status < 300) {
    const remaining = seconds(headers.get('x-ratelimit-remaining'));
    const resetAfter = seconds(headers.get('x-ratelimit-reset-after'));
    return {
      kind: 'delivered',
      status,
      restMs: remaining === 0 && resetAfter !== null ? Math.ceil(resetAfter * 1000) : 0,
    };
  }
  const parsed = discordError(text);
  const said = parsed.message ? `: ${parsed.message}` : '';
  if (status === 429) {
    // The body's retry_after (seconds, with fractions) is the precise one; the header is whole
    // seconds; X-RateLimit-Reset-After covers a bucket. Wait the longest of them.
    const waits = [
      parsed.retryAfter,
      seconds(headers.get('retry-after')),
      seconds(headers.get('x-ratelimit-reset-after')),
    ]
      .filter((value): value is number => value !== null)
      .map((value) => Math.ceil(value * 1000));
    const afterMs = waits.length > 0 ? Math.min(Math.max(...waits), MAX_RETRY_AFTER_MS) : null;
    return {
      kind: 'retry',
      status,
      afterMs,
      error: `Rate limited (429)${afterMs !== null ? `: retry after ${(afterMs / 1000).toFixed(afterMs < 10_000 ? 1 : 0)} s` : ''}`,
    };
  }
  if (status >= 300 && status < 400) {
    // Never followed (it could lead anywhere); retried like a relay's hiccup.
    return {
      kind: 'retry',
      status,
      afterMs: null,
      error: `The webhook answered with a redirect (${status}), not followed`,
    };
  }
  if (status >= 500) return { kind: 'retry', status, afterMs: null, error: `The webhook answered ${status}${said}` };
  if (status === 404 || status === 401) {
    return {
      kind: 'gone',
      status,
      error: `The webhook no longer exists (${status}${said || (status === 404 ? ': Unknown Webhook' : ': Invalid Webhook Token')})`,
    };
  }
  return { kind: 'failed', status, error: `The webhook refused the message (${status}${said})` };
}
