// Discord's rate limits as its REST answers state them (issue 15 webhooks, issue 26 the bot):
// the bucket headers of a success (rest when X-RateLimit-Remaining is 0) and the waits of a 429
// (body retry_after, Retry-After, X-RateLimit-Reset-After). One reading, shared by the webhook
// worker and the bot's durable queue.

type HeaderBag = { get(name: string): string | null };

const seconds = (value: string | null | undefined): number | null => {
  if (value === null || value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : null;
};

/** Discord's `{ message, code, retry_after }` error body, when there is one. */
export function discordError(text: string): { message: string | null; code: number | null; retryAfter: number | null } {
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

/** A 429 waits at most this long per attempt, whatever it says (a broken relay cannot park work for days). */
export const MAX_RETRY_AFTER_MS = 15 * 60_000;

/** After a success: ms the bucket asks to rest (it is empty), or 0. */
export function bucketRestMs(headers: HeaderBag): number {
  const remaining = seconds(headers.get('x-ratelimit-remaining'));
  const resetAfter = seconds(headers.get('x-ratelimit-reset-after'));
  return remaining === 0 && resetAfter !== null ? Math.ceil(resetAfter * 1000) : 0;
}

/**
 * After a 429: ms to wait, or null when Discord said nothing. The body's retry_after (seconds,
 * with fractions) is the precise one; the header is whole seconds; X-RateLimit-Reset-After
 * covers a bucket. The longest of them, capped.
 */
export function rateLimitedWaitMs(headers: HeaderBag, text: string): number | null {
  const waits = [
    discordError(text).retryAfter,
    seconds(headers.get('retry-after')),
    seconds(headers.get('x-ratelimit-reset-after')),
  ]
    .filter((value): value is number => value !== null)
    .map((value) => Math.ceil(value * 1000));
  return waits.length > 0 ? Math.min(Math.max(...waits), MAX_RETRY_AFTER_MS) : null;
}

/** "Rate limited (429): retry after 1.5 s", for histories and logs. */
export function rateLimitedText(afterMs: number | null): string {
  return `Rate limited (429)${afterMs !== null ? `: retry after ${(afterMs / 1000).toFixed(afterMs < 10_000 ? 1 : 0)} s` : ''}`;
}
