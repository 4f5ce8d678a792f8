import { parseFailure } from './failure';
import type { HostFetchInit, HostNotification } from './host-api';

/** What a dangerous action answers (401) when the person must prove a second factor first (issue 31). */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';

export interface ApiFetchDeps {
  /** The browser's fetch in the shell; a fake one in tests (createTestHost). */
  fetch: typeof fetch;
  notify(notification: HostNotification): void;
  /**
   * Asks the person to prove a second factor (the shell's prompt: a code, a recovery code or
   * a passkey); resolves true once they did, false when they gave up. Without it a
   * STEP_UP_REQUIRED answer is returned like any other failure.
   */
  stepUp?(): Promise<boolean>;
}

async function isStepUpRequired(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: unknown } | null;
  return body?.error === STEP_UP_REQUIRED;
}

/**
 * The shared call helper of SPEC 7 (the shell's HostApi.apiFetch). On a non-ok answer it
 * raises an error notification with the JSON `error` as title and `message` as text (else
 * 'Error' and '{status} {statusText}'); a network failure notifies the exception's message
 * and returns null. `quiet` leaves both to the caller; `timeoutMs` aborts a slow call.
 * A 401 STEP_UP_REQUIRED (a dangerous action, issue 31) opens the step-up prompt and, once
 * the person proved a factor, sends the same request again: every remote gets this for free.
 */
export function createApiFetch({ fetch: fetchImpl, notify, stepUp }: ApiFetchDeps) {
  async function send(path: string, init: HostFetchInit): Promise<Response> {
    const { timeoutMs, quiet: _quiet, throwOnNetworkError: _throw, ...request } = init;
    const controller = new AbortController();
    const timer = timeoutMs
      ? setTimeout(() => controller.abort(new Error(`Timed out after ${timeoutMs} ms`)), timeoutMs)
      : null;
    try {
      return await fetchImpl(path, { credentials: 'include', ...request, signal: request.signal ?? controller.signal });
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  return async function apiFetch(path: string, init: HostFetchInit = {}): Promise<Response | null> {
    try {
      let response = await send(path, init);
      // The prompt waits for the person, outside the time-out; the retry gets its own.
      if (stepUp && (await isStepUpRequired(response)) && (await stepUp())) response = await send(path, init);
      if (!response.ok && !init.quiet) {
        const failure = await parseFailure(response);
        notify({ level: 'error', title: failure.code ?? 'Error', message: failure.message });
      }
      return response;
    } catch (error) {
      if (init.throwOnNetworkError) throw error;
      if (!init.quiet) notify({ level: 'error', message: error instanceof Error ? error.message : String(error) });
      return null;
    }
  };
}
