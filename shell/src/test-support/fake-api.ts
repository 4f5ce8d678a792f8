import { type HostApi, provideHost } from '@outpost/host';
import { type Mock, vi } from 'vitest';
import { createHostApi } from '../host/create-host-api';

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}
export type FakeAnswer = { status?: number; body?: unknown } | Error;
type Route = FakeAnswer | ((request: FakeRequest) => FakeAnswer);

/**
 * Stands in for the API over the browser's fetch in component tests (the real API is
 * exercised by the API tests and e2e). Routes are 'METHOD /path'; unknown ones answer 404.
 */
export function installFakeApi(routes: Record<string, Route>) {
  const calls: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://outpost.test');
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
    };
    calls.push(request);
    const route = routes[`${request.method} ${request.path}`] ?? routes[`${request.method} ${url.pathname}`];
    const answer =
      typeof route === 'function'
        ? route(request)
        : (route ?? { status: 404, body: { error: 'NOT_FOUND', message: 'No route' } });
    if (answer instanceof Error) throw answer;
    const status = answer.status ?? 200;
    const body = status === 204 || answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(body, {
      status,
      statusText: STATUS_TEXT[status] ?? '',
      headers: { 'content-type': 'application/json' },
    });
  });
  return { calls, paths: () => calls.map((call) => `${call.method} ${call.path}`) };
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  204: 'No Content',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};

/** Provides the shell's real host API with a navigate the test can watch. */
export function provideTestHost(): { navigate: Mock<HostApi['navigate']> } {
  const navigate = vi.fn<HostApi['navigate']>();
  provideHost(createHostApi(navigate));
  return { navigate };
}

export const signedInData = {
  user: { id: 'user-1', name: 'Zoey', steamid: '76561198000000001', avatarhash: null },
  permissions: { codes: ['servers.view'], flags: '', immunityLevel: 0, base: null },
  impersonatingId: null,
};
