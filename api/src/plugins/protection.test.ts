import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { testDatabases } from '../test-support/test-databases';

describe.each(testDatabases())('security headers and sign-in rate limits on $name', (kind) => {
  let t: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-registry-'));
  const registry = path.join(dir, 'remotes.json');
  beforeAll(async () => {
    fs.writeFileSync(
      registry,
      JSON.stringify([
        { name: 'docs', entry: '/remotes/docs/mf-manifest.json', prefixes: ['/docs'] },
        { name: 'servers', entry: 'https://cdn.example.org/servers/mf-manifest.json', prefixes: ['/'] },
      ]),
    );
    t = await startTestApp(
      kind,
      { SIGNIN_RATE_LIMIT_PER_MINUTE: '3', REMOTES_REGISTRY: registry, SENTRY_DSN: 'https://k@o1.sentry.example/2' },
      (app) => {
        app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>page</p>'));
        // What static serving answers to a revalidation: a 304 without a content type.
        app.get('/cached-page', async (_request, reply) => reply.status(304).send());
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends a CSP on pages that allows our origin, the registry’s remote origins and Sentry only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/page' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://cdn.example.org;");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("connect-src 'self' https://cdn.example.org https://o1.sentry.example");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('sends no CSP of its own on a 304, so a revalidated page keeps the one it was cached with', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/cached-page' });
    expect(response.statusCode).toBe(304);
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('locks API responses down completely', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/meta' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('limits the Steam callback per client and answers 429 with a JSON error', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/auth/steam/callback' })).statusCode);
    }
    expect(statuses).toEqual([302, 302, 302, 429]);
    const limited = await t.app.inject({ method: 'GET', url: '/api/auth/steam/callback' });
    expect(limited.json()).toEqual({ error: 'RATE_LIMITED', message: expect.stringContaining('Too many attempts') });
    // Other routes are not limited.
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: '/api/meta' })).statusCode).toBe(200);
  });
});
