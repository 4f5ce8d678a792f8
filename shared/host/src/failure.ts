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
  /** The HTTP status text ('' when no answer came). */
  statusText: string;
  /** The body as text ('' when no answer came). */
  text: string;
}

/** SPEC 7: a failure without an answer shows the exception's message. */
export function networkFailure(error: unknown): Failure {
  const message = error instanceof Error ? error.message : String(error ?? 'Network error');
  return { code: null, message: message || 'Network error', status: null, statusText: '', body: null, text: '' };
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
  try {
    body = JSON.parse(raw);
  } catch {
    // Not JSON: the status line is the message; the text is kept for who wants it.
  }
  // The contract's ApiError {error, message}, read field by field (a proxy or an older API may
  // send only one), without a schema library: this runs in the shell's first load.
  const fields = body !== null && typeof body === 'object' ? (body as { error?: unknown; message?: unknown }) : {};
  const code = typeof fields.error === 'string' ? fields.error : null;
  const message = typeof fields.message === 'string' && fields.message ? fields.message : statusLine;
  return { code, message, status: response.status, statusText: response.statusText, body, text: raw.trim() };
}
