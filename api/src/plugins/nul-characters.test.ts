import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, seedServer } from '../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../test-support/test-app';
import { testDatabases } from '../test-support/test-databases';
import { type AppRoute, findNul, routesOf } from './nul-characters';

// U+0000 in any input of any route answers 400 NUL_CHARACTER (PostgreSQL cannot store it:
// a passkey id holding one answered 500 there). Every route of the app is enumerated, so a
// route added later is covered without a change here; each is tried with several shapes.

// Routes whose credential is a signature over the raw body: a stranger's body is refused 401
// before it is read, and a signed body's NUL is refused after parsing (tested in the route's own tests).
const SIGNED_BODY_ROUTES = new Set(['POST /api/discord/interactions']);

const concrete = (url: string, fill = '1') => url.replace(/:(\w+)/g, fill).replace('*', 'x');

// Bodies with a NUL somewhere: a top-level value, a nested array item, an object key, a
// deep value, the NUL alone, and a JSON text spelling it \u0000 (as a client would send it).
const BODIES: { name: string; request: Partial<InjectOptions> }[] = [
  { name: 'a top-level value', request: { payload: { name: 'a\u0000b', reason: 'x' } } },
  { name: 'an array item', request: { payload: { ids: ['ok', 'bad\u0000'] } } },
  { name: 'an object key', request: { payload: { 'na\u0000me': 'x' } } },
  { name: 'a deep value', request: { payload: { a: { b: [{ c: { d: '\u0000' } }] } } } },
  {
    name: 'the escape in JSON text',
    request: { payload: '{"reason":"cheat\\u0000ing"}', headers: { 'content-type': 'application/json' } },
  },
];

describe('findNul', () => {
  it('names where the NUL is, at any depth, in values and keys', () => {
    expect(findNul('plain')).toBeNull();
    expect(findNul({ a: ['x', { b: 'ok' }], n: 1, z: null, t: true })).toBeNull();
    expect(findNul('a\u0000')).toBe('/');
    expect(findNul({ a: ['x', { b: 'o\u0000k' }] })).toBe('/a/1/b');
    expect(findNul({ 'k\u0000': 1 })).toBe('/"k\\u0000"');
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep)).toMatch(/^(\/0){100000}$/);
  });
});

describe.each(testDatabases())('NUL characters on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let gameToken: string;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, (app) => {
      // Text reaching PostgreSQL by another way than a route's parsed input.
      app.post('/api/test-raw-text', { config: { anonymousWrite: 'a test route' } }, async (request) => {
        const text = Buffer.from(String(request.body ?? ''), 'base64').toString('utf8');
        const row = await sql<{ text: string }>`select cast(${text} as text) as text`.execute(app.db);
        return { length: row.rows[0]?.text.length };
      });
    });
    routes = routesOf(t.app);
    owner = await signInAs(t, { name: 'Owner', flags: 'z' });
    await seedServer(t, 's1', 'Versus #1');
    gameToken = json(await t.app.inject({ method: 'POST', url: '/api/game-tokens/s1', headers: owner.headers })).token;
  });
  afterAll(async () => t?.close());
  let routes: readonly AppRoute[] = [];

  const headersFor = (url: string) =>
    url.startsWith('/api/game/') ? { authorization: `Bearer ${gameToken}` } : owner.headers;

  const refused = (response: { statusCode: number; body: string }) => {
    if (response.statusCode !== 400) return false;
    return (JSON.parse(response.body) as { error?: string }).error === 'NUL_CHARACTER';
  };

  it('sees every route of the app', () => {
    expect(routes.length).toBeGreaterThan(150);
  });

  it('refuses a NUL in any path parameter of any route', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const route of routes.filter((route) => /:\w+|\*/.test(route.url))) {
      for (const fill of ['%00', 'a%00b', '1%00']) {
        const response = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: concrete(route.url, fill),
          headers: headersFor(route.url),
          payload: ['GET', 'DELETE'].includes(route.method) ? undefined : {},
        });
        tried++;
        // A route whose parameter is matched by the router itself may answer 404 for it: nothing reached code.
        if (!refused(response) && response.statusCode !== 404)
          failures.push(
            `${route.method} ${route.url} (${fill}): ${response.statusCode} ${response.body.slice(0, 100)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(100);
  });

  it('refuses a NUL in the query string of any route, known parameter or not', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((route) => route.method === 'GET' && route.url.startsWith('/api/'))) {
      for (const query of ['q=%00', 'cursor=a%00b', 'x%00=1', 'tags=a&tags=b%00']) {
        const response = await t.app.inject({
          method: 'GET',
          url: `${concrete(route.url)}?${query}`,
          headers: headersFor(route.url),
        });
        if (!refused(response))
          failures.push(`GET ${route.url}?${query}: ${response.statusCode} ${response.body.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a NUL anywhere in a JSON body of any write route (as the owner, or a server with its token)', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const route of routes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method))) {
      if (route.url === '/api/test-raw-text' || SIGNED_BODY_ROUTES.has(`${route.method} ${route.url}`)) continue;
      for (const body of BODIES) {
        const response = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: concrete(route.url),
          ...body.request,
          headers: { ...headersFor(route.url), ...(body.request.headers ?? {}) },
        } as InjectOptions);
        tried++;
        // A route that takes no JSON (an upload stream) refuses the media type before parsing.
        const unsupported = response.statusCode === 415;
        if (!refused(response) && !unsupported)
          failures.push(
            `${route.method} ${route.url} with ${body.name}: ${response.statusCode} ${response.body.slice(0, 100)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(70 * BODIES.length);
  });

  it('changes nothing when it refuses: a ban with a NUL in its reason is not created', async () => {
    const before = await t.database.db
      .selectFrom('bans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bans',
      headers: owner.headers,
      payload: { type: 'ban', steamid: '76561197960287930', reason: 'wall\u0000hack', length: 60 },
    });
    expect(refused(response)).toBe(true);
    expect(json(response).message).toMatch(/U\+0000.*body at \/reason/);
    const after = await t.database.db
      .selectFrom('bans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers 400, not 500, when text with a NUL reaches the database by another way', async () => {
    const withNul = Buffer.from('a\u0000b').toString('base64');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-raw-text',
      payload: withNul,
      headers: { 'content-type': 'text/plain' },
    });
    if (kind.name === 'postgres') {
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({
        error: 'NUL_CHARACTER',
        message: 'Text may not contain the NUL character (U+0000)',
      });
    } else {
      // SQLite stores a NUL in text: nothing to refuse there.
      expect(json(response)).toEqual({ length: 3 });
    }
    const clean = Buffer.from('ab').toString('base64');
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/test-raw-text',
      payload: clean,
      headers: { 'content-type': 'text/plain' },
    });
    expect(json(fine)).toEqual({ length: 2 });
  });
});
