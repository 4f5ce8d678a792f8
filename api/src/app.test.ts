import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirePermission } from './plugins/authorization';
import { signInAs, startTestApp, TEST_PUBLIC_URL, type TestApp } from './test-support/test-app';
import { testDatabases } from './test-support/test-databases';

describe.each(testDatabases())('the API on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(async () => t?.close());

  it('reports health with the database it uses', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: kind.name });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Route GET /api/no-such-thing not found' });
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/meta', '/api/servers', '/api/servers/groups']),
    );
    expect(
      document.paths['/api/meta'].get.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('settings');
  });
});

describe.each(testDatabases())('request errors and the permission guard on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Routes that exist only in this test, guarded the way every real one is.
    t = await startTestApp(kind, { BODY_LIMIT_BYTES: '2048' }, (app) => {
      app.post('/api/test-guarded', { preHandler: requirePermission('servers.manage') }, async () => ({ ok: true }));
      // Open to strangers on purpose (every other write answers them 401 before its body is read),
      // so the body parser's own refusals are what these tests see.
      app.post(
        '/api/test-echo',
        { config: { anonymousWrite: 'tests the body parser on an open route' } },
        async (request) => ({
          body: request.body,
        }),
      );
    });
  });
  afterAll(async () => t?.close());

  it('refuses bad JSON, a payload over the limit and an unsupported type with 4xx JSON', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'INVALID_JSON', message: expect.any(String) });

    const big = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(5000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('PAYLOAD_TOO_LARGE');

    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses prototype poisoning in JSON bodies', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 401 signed out, 403 without the permission, 200 with it', async () => {
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/test-guarded',
      headers: { origin: TEST_PUBLIC_URL },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error).toBe('UNAUTHORIZED');

    const member = await signInAs(t);
    const forbidden = await t.app.inject({ method: 'POST', url: '/api/test-guarded', headers: member.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: 'FORBIDDEN', message: 'You do not have the permission servers.manage' });

    const staff = await signInAs(t, { codes: ['servers.*'] });
    const allowed = await t.app.inject({ method: 'POST', url: '/api/test-guarded', headers: staff.headers });
    expect(allowed.statusCode).toBe(200);

    const owner = await signInAs(t, { flags: 'z' });
    expect((await t.app.inject({ method: 'POST', url: '/api/test-guarded', headers: owner.headers })).statusCode).toBe(
      200,
    );
  });

  it('refuses a cookie-authenticated state change from another origin (CSRF)', async () => {
    const staff = await signInAs(t, { codes: ['servers.manage'] });
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/test-guarded',
      headers: { cookie: staff.headers.cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error).toBe('CSRF_REJECTED');
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/test-guarded',
      headers: { cookie: staff.headers.cookie },
    });
    expect(noOrigin.statusCode).toBe(403);
  });
});
