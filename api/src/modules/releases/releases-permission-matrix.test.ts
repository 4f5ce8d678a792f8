import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebRoot, multipartBuild, remoteBuild } from '../../test-support/remote-builds';
import { signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { authService } from '../auth';

type Method = 'GET' | 'POST' | 'DELETE';
const VERSION = '0.1.0+0123456789ab';
/** Every remotes endpoint behind remotes.publish. */
const ENDPOINTS: Array<{ method: Method; url: string; payload?: unknown; multipart?: boolean }> = [
  { method: 'GET', url: '/api/remotes' },
  { method: 'POST', url: '/api/remotes/docs/releases', multipart: true },
  { method: 'POST', url: '/api/remotes/docs/activation', payload: { version: VERSION, expectedActive: null } },
  { method: 'POST', url: '/api/remotes/docs/canary', payload: { version: VERSION } },
  { method: 'DELETE', url: '/api/remotes/docs/canary' },
];

describe.each(testDatabases())('remotes permission matrix on $name', (kind) => {
  let t: TestApp;
  let web: ReturnType<typeof fakeWebRoot>;
  beforeAll(async () => {
    web = fakeWebRoot();
    t = await startTestApp(kind, { WEB_ROOT: web.webRoot, REMOTES_REGISTRY: web.registry });
  });
  afterAll(async () => {
    await t.close();
    web.remove();
  });

  const call = (endpoint: (typeof ENDPOINTS)[number], headers: Record<string, string>) => {
    if (endpoint.multipart) {
      const body = multipartBuild(remoteBuild('docs', { title: `matrix ${Math.random()}` }));
      return t.app.inject({
        method: endpoint.method,
        url: endpoint.url,
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
    }
    return t.app.inject({ method: endpoint.method, url: endpoint.url, headers, payload: endpoint.payload as never });
  };

  it.each(ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.url}`, endpoint] as const))(
    '%s: 401 signed out, 403 without remotes.publish (session or API key), allowed with it',
    async (_name, endpoint) => {
      expect((await call(endpoint, {})).statusCode).toBe(401);
      for (const codes of [[], ['panel.*', 'servers.manage', 'shares.*'], ['remotes.view']]) {
        const user = await signInAs(t, { codes });
        const refused = await call(endpoint, user.headers);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe('You do not have the permission remotes.publish');
        const { key } = await authService.regenerateApiKey(t.database.db, user.userId);
        expect((await call(endpoint, { authorization: `Bearer ${key}` })).statusCode).toBe(403);
      }
      for (const grant of [{ codes: ['remotes.publish'] }, { codes: ['remotes.*'] }, { flags: 'z' }]) {
        const allowed = await signInAs(t, grant);
        expect([401, 403]).not.toContain((await call(endpoint, allowed.headers)).statusCode);
      }
    },
  );

  it('refuses a cross-site cookie-authenticated publish (CSRF)', async () => {
    const user = await signInAs(t, { codes: ['remotes.publish'] });
    const response = await call(ENDPOINTS[1] as (typeof ENDPOINTS)[number], {
      ...user.headers,
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('CSRF_REJECTED');
  });
});
