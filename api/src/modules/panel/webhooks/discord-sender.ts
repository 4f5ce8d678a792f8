// One POST to a webhook and what it means for the delivery, through the shared outgoing
// guard (lib/guarded-http): AbortSignal time-outs, and the headers Discord's rate limits use.
import { bucketRestMs, discordError, rateLimitedText, rateLimitedWaitMs } from '../../../lib/discord-rate-limit';
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
    return { kind: 'delivered', status, restMs: bucketRestMs(headers) };
  }
  const parsed = discordError(text);
  const said = parsed.message ? `: ${parsed.message}` : '';
  if (status === 429) {
    const afterMs = rateLimitedWaitMs(headers, text);
    return { kind: 'retry', status, afterMs, error: rateLimitedText(afterMs) };
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
