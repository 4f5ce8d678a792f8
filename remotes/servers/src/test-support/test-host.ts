import type { HostApi, HostFetchInit, HostNotification } from '@outpost/host';
import { provideHost } from '@outpost/host';

/** One recorded answer of the fake API: a real Response built per request. */
export type FakeRoute = (request: Request) => Response | Promise<Response> | undefined;

export interface TestHost {
  notifications: HostNotification[];
  requests: Request[];
  navigations: string[];
}

export function json(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });
}

/**
 * A real host implementation for component tests, behaving like the shell's: calls go
 * through `fetch` semantics (Request in, Response out) to recorded answers; a non-ok answer
 * raises an error notification unless quiet; a route that throws is a network failure.
 */
export function provideTestHost(route: FakeRoute): TestHost {
  const recorded: TestHost = { notifications: [], requests: [], navigations: [] };
  const notify = (notification: HostNotification) => {
    recorded.notifications.push(notification);
  };
  const api: HostApi = {
    notify,
    navigate: (to) => {
      recorded.navigations.push(to);
    },
    async apiFetch(path: string, init: HostFetchInit = {}) {
      const { quiet, timeoutMs: _timeoutMs, throwOnNetworkError, ...rest } = init;
      const request = new Request(new URL(path, 'http://outpost.test'), rest);
      recorded.requests.push(request.clone());
      try {
        const response =
          (await route(request)) ?? json({ error: 'NOT_FOUND', message: 'No such route' }, 404, 'Not Found');
        if (!response.ok && !quiet) {
          const body = (await response
            .clone()
            .json()
            .catch(() => null)) as { error?: string; message?: string } | null;
          notify({
            level: 'error',
            title: body?.error ?? 'Error',
            message: body?.message ?? `${response.status} ${response.statusText}`,
          });
        }
        return response;
      } catch (error) {
        if (throwOnNetworkError) throw error;
        if (!quiet) notify({ level: 'error', message: error instanceof Error ? error.message : String(error) });
        return null;
      }
    },
  };
  provideHost(api);
  return recorded;
}
