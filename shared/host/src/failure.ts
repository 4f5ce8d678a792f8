import { apiErrorSchema } from '@outpost/contracts';

/**
 * Why a call failed, read once from the answer. Callers branch on `code` (the contract's
 * `error`, e.g. 'NO_FREE_RESOURCES'), never on `message`, which is a sentence for people.
 */
export interface Failure {
  /** The contract's machine code; null when the answer was not an API error (or no answer came). */
  code: string | null;
  /** For people: the API's message, else '{status} {statusText}', else the network error's message. */
  message: string;
  /** The HTTP status; null when no answer came (network failure, abort, time-out). */
  status: number | null;
  /** The parsed JSON body (codes with details carry them here), or null. */
  body: unknown;
  /** The body as text when it is not JSON (e.g. a plain-text error), else ''. */
  text: string;
}

/** SPEC 7: a failure without an answer shows the exception's message. */
export function networkFailure(error: unknown): Failure {
  const message = error instanceof Error ? error.message : String(error ?? 'Network error');
  return { code: null, message: message || 'Network error', status: null, body: null, text: '' };
}

/** The message of a call that got no answer at all (the host helper returns null then). */
export const NO_ANSWER_MESSAGE = 'Could not reach the server';

/**
 * The one failure parser. Reads a clone, so the caller may still read the body.
 * Pass null (the host helper's "no answer") for a network failure.
 */
export async function parseFailure(response: Response | null): Promise<Failure> {
  if (!response) return networkFailure(new Error(NO_ANSWER_MESSAGE));
  const statusLine = `${response.status} ${response.statusText}`.trim();
  const raw = await response
    .clone()
    .text()
    .catch(() => '');
  let body: unknown = null;
  let text = '';
  try {
    body = JSON.parse(raw);
  } catch {
    // Not JSON: the status line is the message; the text is kept for who wants it.
    text = raw.trim();
  }
  // Each field on its own: a proxy or an older API may send only one of them.
  const fields = apiErrorSchema.partial().safeParse(body);
  const code = fields.success ? (fields.data.error ?? null) : null;
  const message = fields.success && fields.data.message ? fields.data.message : statusLine;
  return { code, message, status: response.status, body, text };
}
