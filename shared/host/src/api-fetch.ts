import { parseFailure } from './failure';
import type { HostFetchInit, HostNotification } from './host-api';

export interface ApiFetchDeps {
  /** The browser's fetch in the shell; a fake one in tests (createTestHost). */
  fetch: typeof fetch;
  notify(notification: HostNotification): void;
}

/**
 * The shared call helper of SPEC 7 (the shell's HostApi.apiFetch). On a non-ok answer it
 * raises an error notification with the JSON `error` as title and `message` as text (else
 * 'Error' and '{status} {statusText}'); a network failure notifies the exception's message
 * and returns null. `quiet` leaves both to the caller; `timeoutMs` aborts a slow call.
 */
export function createApiFetch({ fetch: fetchImpl, notify }: ApiFetchDeps) {
  return async function apiFetch(path: string, init: HostFetchInit = {}): Promise<Response | null> {
    const { timeoutMs, quiet, throwOnNetworkError, ...request } = init;
    const controller = new AbortController();
    const timer = timeoutMs
      ? setTimeout(() => controller.abort(new Error(`Timed out after ${timeoutMs} ms`)), timeoutMs)
      : null;
    try {
      const response = await fetchImpl(path, {
        credentials: 'include',
        ...request,
        signal: request.signal ?? controller.signal,
      });
      if (!response.ok && !quiet) {
        const failure = await parseFailure(response);
        notify({ level: 'error', title: failure.code ?? 'Error', message: failure.message });
      }
      return response;
    } catch (error) {
      if (throwOnNetworkError) throw error;
      if (!quiet) notify({ level: 'error', message: error instanceof Error ? error.message : String(error) });
      return null;
    } finally {
      if (timer) clearTimeout(timer);
    }
  };
}
