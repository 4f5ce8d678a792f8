/**
 * '@outpost/host/testing': the one test host for component tests of the shell and every remote.
 * Not part of the runtime surface (import it from tests only).
 */
import { createApiFetch } from './api-fetch';
import { type HostApi, type HostNotification, provideHost } from './host-api';
import type { SessionData } from './session';
import { useSessionStore } from './session-store';

/** One request the fake API saw. */
export interface FakeRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  /** Values of the route's ':name' parts. */
  params: Record<string, string>;
  /** The JSON body parsed (null without a body; the text when it is not JSON). */
  body: unknown;
  headers: Headers;
}

/** A fake answer: JSON `body` with `status` (200 by default), a real Response, or an Error (a network failure). */
export type FakeAnswer = { status?: number; body?: unknown } | Response | Error;
export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;
/** 'METHOD /path/:param' (or with '?query', matched first) -> a fixed answer or a handler. */
export type FakeRoutes = Record<string, FakeAnswer | FakeHandler>;
/** The other form of routes: one function that sees the real Request; undefined answers 404. */
export type FakeServer = (request: Request) => Response | Error | undefined | Promise<Response | Error | undefined>;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** A JSON Response, as the API sends it. */
export function jsonResponse(body: unknown, status = 200, statusText = STATUS_TEXT[status] ?? ''): Response {
  const text = status === 204 || body === undefined ? null : JSON.stringify(body);
  return new Response(text, { status, statusText, headers: { 'content-type': 'application/json' } });
}

interface CompiledRoute {
  method: string;
  pattern: RegExp;
  names: string[];
  withQuery: boolean;
  answer: FakeAnswer | FakeHandler;
}

function compile(route: string, answer: FakeAnswer | FakeHandler): CompiledRoute {
  const [method = 'GET', path = '/'] = route.split(' ');
  const names: string[] = [];
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = escaped.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/?]+)';
  });
  return {
    method: method.toUpperCase(),
    pattern: new RegExp(`^${source}$`),
    names,
    withQuery: path.includes('?'),
    answer,
  };
}

async function readBody(init: RequestInit): Promise<unknown> {
  if (init.body === undefined || init.body === null) return null;
  const text = typeof init.body === 'string' ? init.body : await new Response(init.body).text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface TestHostOptions {
  /** Also called for every notification (e.g. the shell's toasts); they are recorded either way. */
  notify?(notification: HostNotification): void;
  navigate?: HostApi['navigate'];
  /** Bodies the shell would have prefetched for the page (HostApi.takePrefetched), by path; each taken once. */
  prefetched?: Record<string, unknown>;
  /**
   * The shell's step-up prompt (issue 31), played by the test: called when a request answers
   * 401 STEP_UP_REQUIRED; true = the person proved a factor (the request is sent again).
   * Without it the 401 comes back like any failure, as in a host with no prompt.
   */
  stepUp?(): Promise<boolean>;
}

export interface FakeApi {
  /** A fetch that answers from the routes (for code that calls fetch directly: vi.stubGlobal('fetch', api.fetch)). */
  fetch: typeof fetch;
  calls: FakeRequest[];
  /** Every request as a real Request (read bodies with await request.json()). */
  requests: Request[];
  /** 'METHOD /path?query' of every call, in order. */
  paths(): string[];
}

export interface TestHost extends FakeApi {
  /** The provided HostApi: the shell's real helper over the fake fetch. */
  host: HostApi;
  notifications: HostNotification[];
  navigations: string[];
}

/** The fake API alone: a fetch answering from `routes` (unknown ones 404 NOT_FOUND), recording every call. */
export function createFakeApi(routes: FakeRoutes | FakeServer = {}): FakeApi {
  const server = typeof routes === 'function' ? routes : null;
  const compiled = server ? [] : Object.entries(routes).map(([route, answer]) => compile(route, answer));
  // Routes that name a query are more specific: try them first.
  compiled.sort((a, b) => Number(b.withQuery) - Number(a.withQuery));
  const calls: FakeRequest[] = [];
  const requests: Request[] = [];

  const fakeFetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://outpost.test');
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const request: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      params: {},
      body: await readBody(init),
      headers: new Headers(init.headers),
    };
    calls.push(request);
    const { signal: _signal, ...plain } = init;
    const real = new Request(url, plain);
    requests.push(real.clone());
    if (init.signal?.aborted) throw init.signal.reason ?? new DOMException('Aborted', 'AbortError');
    if (server) {
      const answer = await server(real);
      if (answer instanceof Error) throw answer;
      return answer ?? jsonResponse({ error: 'NOT_FOUND', message: `No fake for ${method} ${url.pathname}` }, 404);
    }
    for (const route of compiled) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(route.withQuery ? `${url.pathname}${url.search}` : url.pathname);
      if (!match) continue;
      request.params = Object.fromEntries(
        route.names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
      );
      const answer = typeof route.answer === 'function' ? await route.answer(request) : route.answer;
      if (answer instanceof Error) throw answer;
      if (answer instanceof Response) return answer.clone();
      return jsonResponse(answer.body, answer.status ?? 200);
    }
    return jsonResponse({ error: 'NOT_FOUND', message: `No fake for ${method} ${url.pathname}` }, 404);
  }) as typeof fetch;
  return {
    fetch: fakeFetch,
    calls,
    requests,
    paths: () => calls.map((call) => `${call.method} ${call.path}${call.query.size ? `?${call.query}` : ''}`),
  };
}

/**
 * Provides a real HostApi for component tests: the shell's own apiFetch helper (notifications,
 * quiet, time-outs, network failures) over the fake API's fetch (see createFakeApi). Records
 * every call, notification and navigation.
 */
export function createTestHost(routes: FakeRoutes | FakeServer = {}, options: TestHostOptions = {}): TestHost {
  const api = createFakeApi(routes);
  const notifications: HostNotification[] = [];
  const navigations: string[] = [];
  const notify = (notification: HostNotification) => {
    notifications.push(notification);
    options.notify?.(notification);
  };
  const prefetched = new Map(Object.entries(options.prefetched ?? {}));
  const host: HostApi = {
    apiFetch: createApiFetch({ fetch: api.fetch, notify, stepUp: options.stepUp }),
    takePrefetched: (path) => {
      const body = prefetched.get(path);
      prefetched.delete(path);
      return body;
    },
    notify,
    navigate: (to, navigateOptions) => {
      navigations.push(to);
      options.navigate?.(to, navigateOptions);
    },
  };
  provideHost(host);
  return { ...api, host, notifications, navigations };
}

/** Signs the real session store in with these permission codes and flags (null: signed out). */
export function signInForTest(codes: string[] | null, flags = '', user: Partial<SessionData['user']> = {}): void {
  useSessionStore.getState().setSession(
    codes
      ? {
          user: { name: 'Staff', steamid: '76561197960265729', avatarhash: null, ...user },
          permissions: { codes, flags, immunityLevel: 10, base: null },
          impersonatingId: null,
        }
      : null,
  );
}
