import { type HostApi, type HostNotification, provideHost, type SessionData, useSessionStore } from '@outpost/host';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  body: unknown;
}
export type FakeAnswer = { status?: number; body?: unknown } | Response;
export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

function compile(route: string): { method: string; pattern: RegExp; names: string[] } {
  const [method, path] = route.split(' ') as [string, string];
  const names: string[] = [];
  const source = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { method, pattern: new RegExp(`^${source}$`), names };
}

/**
 * A real HostApi for component tests: apiFetch answers from handlers with constructed
 * Response objects and behaves like the shell's helper (error notification on a non-ok
 * answer unless quiet). Records every call, notification and navigation.
 */
export function installTestHost(routes: Record<string, FakeHandler>) {
  const compiled = Object.entries(routes).map(([route, handler]) => ({ ...compile(route), handler }));
  const calls: FakeRequest[] = [];
  const notifications: HostNotification[] = [];
  const navigations: string[] = [];
  const host: HostApi = {
    async apiFetch(path, init = {}) {
      const url = new URL(path, 'http://outpost.test');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      for (const route of compiled) {
        const match = route.method === method ? route.pattern.exec(url.pathname) : null;
        if (!match) continue;
        const params = Object.fromEntries(
          route.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]),
        );
        const request = { method, path: url.pathname, query: url.searchParams, params, body };
        calls.push(request);
        const answer = await route.handler(request);
        const response =
          answer instanceof Response
            ? answer
            : new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
                status: answer.status ?? 200,
                headers: { 'content-type': 'application/json' },
              });
        if (!response.ok && !init.quiet) {
          const error = (await response
            .clone()
            .json()
            .catch(() => ({}))) as { error?: string; message?: string };
          notifications.push({ level: 'error', title: error.error, message: error.message ?? String(response.status) });
        }
        return response;
      }
      calls.push({ method, path: url.pathname, query: url.searchParams, params: {}, body });
      return new Response(JSON.stringify({ error: 'NOT_FOUND', message: `No fake for ${method} ${url.pathname}` }), {
        status: 404,
      });
    },
    notify: (notification) => notifications.push(notification),
    navigate: (to) => navigations.push(to),
  };
  provideHost(host);
  return { host, calls, notifications, navigations };
}

/** Signs the session store in with these permission codes (null: signed out). */
export function signIn(codes: string[] | null, flags = ''): void {
  const session: SessionData | null = codes
    ? {
        user: { name: 'Staff', steamid: '76561197960265729', avatarhash: null },
        permissions: { codes, flags, immunityLevel: 10, base: null },
        impersonatingId: null,
      }
    : null;
  useSessionStore.getState().setSession(session);
}
