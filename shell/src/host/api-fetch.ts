import type { HostFetchInit, HostNotification } from '@outpost/host';

/**
 * The shared call helper of SPEC 7. On a non-ok answer it raises an error notification
 * with the JSON `error` as title and `message` as text (else '{status} {statusText}');
 * a network failure notifies the exception message and returns null.
 */
export async function apiFetch(
  path: string,
  init: HostFetchInit,
  notify: (notification: HostNotification) => void,
): Promise<Response | null> {
  const { timeoutMs, quiet, throwOnNetworkError, ...request } = init;
  const controller = new AbortController();
  const timer = timeoutMs
    ? setTimeout(() => controller.abort(new Error(`Timed out after ${timeoutMs} ms`)), timeoutMs)
    : null;
  try {
    const response = await fetch(path, {
      credentials: 'include',
      ...request,
      signal: request.signal ?? controller.signal,
    });
    if (!response.ok && !quiet) {
      const { title, text } = await describeFailure(response.clone());
      notify({ level: 'error', title, message: text });
    }
    return response;
  } catch (error) {
    if (throwOnNetworkError) throw error;
    if (!quiet) notify({ level: 'error', message: error instanceof Error ? error.message : String(error) });
    return null;
  } finally {
    if (timer) clearTimeout(timer);
  }
}

async function describeFailure(response: Response): Promise<{ title: string; text: string }> {
  const fallback = { title: 'Error', text: `${response.status} ${response.statusText}`.trim() };
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string' && typeof body.message === 'string')
      return { title: body.error, text: body.message };
  } catch {
    // Not JSON: the status line is all we have.
  }
  return fallback;
}
