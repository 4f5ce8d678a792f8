import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signInAs, startTestApp, TEST_PUBLIC_URL, type TestApp } from '../test-support/test-app';
import { testDatabases } from '../test-support/test-databases';
import { writeRoutesOf } from './anonymous-writes';

// The write routes open to strangers, each with its own reason. A route added here is a
// deliberate decision; any other write route must answer a stranger 401 before validation.
const OPEN_WRITES = [
  'POST /api/auth/steam/start',
  'POST /api/discord/interactions',
  'POST /api/game/bans',
  'POST /api/game/check',
  'POST /api/game/commands/ack',
  'POST /api/game/events',
  'POST /api/game/reports',
  'POST /api/game/unban',
  'POST /api/game/unwarn',
  'POST /api/game/warnings',
  'POST /api/remotes/beacon',
];

/** A concrete URL for a route pattern: every parameter filled with something plausible. */
const concrete = (url: string) => url.replace(/:(\w+)/g, '1').replace('*', 'x');

// Bodies a stranger might send: wrong fields, wrong types, malformed JSON, not JSON at all,
// a multipart part, and no body. None may reach validation.
const SHAPES: { name: string; request: Partial<InjectOptions> }[] = [
  { name: 'an object with unknown fields', request: { payload: { bogus: [1], __proto__x: 1 } } },
  { name: 'an array', request: { payload: [1, 2, 3] } },
  {
    name: 'malformed JSON',
    request: { payload: '{"name":', headers: { 'content-type': 'application/json' } },
  },
  { name: 'plain text', request: { payload: 'hello', headers: { 'content-type': 'text/plain' } } },
  {
    name: 'a multipart part',
    request: {
      payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nx\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    },
  },
  { name: 'no body', request: {} },
];

// Credentials that identify nobody: none, a session cookie never issued, an API key never issued.
const STRANGERS: { name: string; headers: Record<string, string> }[] = [
  { name: 'no credential', headers: { origin: TEST_PUBLIC_URL } },
  { name: 'an unknown session cookie', headers: { origin: TEST_PUBLIC_URL, cookie: 'outpost_session=not-a-session' } },
  // (answered INVALID_API_KEY: a bad key is refused outright, still before validation)
  { name: 'an unknown API key', headers: { authorization: 'Bearer opk_not-a-key-at-all-0000000000' } },
];

describe.each(testDatabases())('anonymous writes on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, (app) => {
      // A route added the way a future module would, saying nothing about strangers.
      app.post(
        '/api/test-new-write',
        { schema: { body: z.object({ name: z.string().min(3) }).strict() } },
        async () => ({ ok: true }),
      );
    });
  });
  afterAll(async () => t?.close());

  const writes = () => writeRoutesOf(t.app);

  it('sees every write route of the app, and only the listed ones say they are open to strangers', () => {
    // Enumerated from the app itself: a route added later is in this list without a test change.
    expect(writes().length).toBeGreaterThan(80);
    const open = writes()
      .filter((route) => route.anonymousWrite !== null)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(open).toEqual(OPEN_WRITES);
    for (const route of writes().filter((route) => route.anonymousWrite !== null))
      expect(route.anonymousWrite?.length, route.url).toBeGreaterThan(10);
  });

  it('answers a stranger 401 UNAUTHORIZED before the body is validated, on every other write route', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const route of writes().filter((route) => route.anonymousWrite === null)) {
      for (const shape of SHAPES) {
        for (const stranger of STRANGERS) {
          const response = await t.app.inject({
            method: route.method as InjectOptions['method'],
            url: concrete(route.url),
            ...shape.request,
            headers: { ...stranger.headers, ...(shape.request.headers ?? {}) },
          } as InjectOptions);
          tried++;
          const body = response.json() as { error?: string; message?: string };
          // No schema detail: the answer is the same for every body.
          if (
            response.statusCode !== 401 ||
            !['UNAUTHORIZED', 'INVALID_API_KEY'].includes(body.error ?? '') ||
            /invalid|expected|body/i.test(body.message ?? '')
          )
            failures.push(
              `${route.method} ${route.url} with ${shape.name}, ${stranger.name}: ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(80 * SHAPES.length * STRANGERS.length);
  });

  it('closes a route added later without a word about strangers, and still validates signed-in bodies there', async () => {
    expect(writes().some((route) => route.url === '/api/test-new-write' && route.anonymousWrite === null)).toBe(true);
    const stranger = await t.app.inject({ method: 'POST', url: '/api/test-new-write', payload: { name: 1 } });
    expect(stranger.statusCode).toBe(401);
    const user = await signInAs(t, { name: 'Someone' });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/test-new-write',
      payload: { name: 1 },
      headers: user.headers,
    });
    expect(signedIn.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/test-new-write',
      payload: { name: 'abc' },
      headers: user.headers,
    });
    expect(ok.json()).toEqual({ ok: true });
  });

  it('answers a game-server write without its token 401 before the body is validated', async () => {
    for (const route of writes().filter((route) => route.url.startsWith('/api/game/'))) {
      for (const shape of SHAPES) {
        for (const authorization of [
          undefined,
          'Bearer short',
          'Bearer ogs_never-issued-token-0000000000',
          'Basic eDp5',
        ]) {
          const response = await t.app.inject({
            method: route.method as InjectOptions['method'],
            url: route.url,
            ...shape.request,
            headers: { ...(authorization ? { authorization } : {}), ...(shape.request.headers ?? {}) },
          } as InjectOptions);
          expect(response.statusCode, `${route.url} ${shape.name} ${authorization}`).toBe(401);
          expect(response.json().message).not.toMatch(/invalid body|expected/i);
        }
      }
    }
  });

  it('still validates a signed-out write that is open: the sign-in start and the remote beacon', async () => {
    const beacon = await t.app.inject({ method: 'POST', url: '/api/remotes/beacon', payload: { bogus: 1 } });
    expect(beacon.statusCode).toBe(400);
    expect(beacon.json()).toEqual({ error: 'VALIDATION_FAILED', message: expect.any(String) });
  });
});
