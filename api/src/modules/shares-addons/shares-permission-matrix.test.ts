import type { Share } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../test-support/multipart';
import { signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Endpoint {
  method: Method;
  url: (ids: { share: string; job: string }) => string;
  permission: string;
  payload?: unknown;
  multipart?: boolean;
}

/** Every shares-addons endpoint and the one permission it needs. */
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', url: () => '/api/shares', permission: 'shares.view' },
  { method: 'GET', url: ({ share }) => `/api/shares/${share}`, permission: 'shares.view' },
  { method: 'POST', url: () => '/api/shares', permission: 'shares.manage', payload: { name: 'x', game: 'l4d2' } },
  { method: 'PATCH', url: ({ share }) => `/api/shares/${share}`, permission: 'shares.manage', payload: { name: 'y' } },
  { method: 'DELETE', url: ({ share }) => `/api/shares/${share}`, permission: 'shares.manage' },
  { method: 'POST', url: ({ share }) => `/api/shares/${share}/addons`, permission: 'shares.upload', multipart: true },
  { method: 'GET', url: ({ share }) => `/api/shares/${share}/addons/abc`, permission: 'shares.view' },
  { method: 'GET', url: ({ share }) => `/api/shares/${share}/addons/abc/file`, permission: 'shares.view' },
  { method: 'DELETE', url: ({ share }) => `/api/shares/${share}/addons/abc`, permission: 'shares.delete-addons' },
  { method: 'GET', url: () => '/api/shares/workshop/lookup?url=1', permission: 'shares.upload' },
  {
    method: 'POST',
    url: ({ share }) => `/api/shares/${share}/workshop-jobs`,
    permission: 'shares.upload',
    payload: { url: '1' },
  },
  { method: 'GET', url: ({ share }) => `/api/shares/${share}/workshop-jobs`, permission: 'shares.view' },
  { method: 'GET', url: ({ job }) => `/api/shares/workshop-jobs/${job}`, permission: 'shares.view' },
  { method: 'GET', url: ({ job }) => `/api/shares/workshop-jobs/${job}/events`, permission: 'shares.view' },
  { method: 'POST', url: ({ job }) => `/api/shares/workshop-jobs/${job}/cancel`, permission: 'shares.upload' },
];

const OTHER_CODES = ['shares.view', 'shares.upload', 'shares.delete-addons', 'shares.manage', 'servers.manage'];

describe.each(testDatabases())('shares-addons permission matrix on $name', (kind) => {
  let t: TestApp;
  let ids: { share: string; job: string };
  beforeAll(async () => {
    t = await startTestApp(kind, { WORKSHOP_API_URL: 'http://127.0.0.1:9', WORKSHOP_TIMEOUT_MS: '1000' });
    const owner = await signInAs(t, { codes: ['shares.*'] });
    const share = (
      await t.app.inject({
        method: 'POST',
        url: '/api/shares',
        headers: owner.headers,
        payload: { name: 'Matrix', game: 'l4d2' },
      })
    ).json() as Share;
    ids = { share: share.id, job: 'nojob' };
  });
  afterAll(async () => t.close());

  const call = (endpoint: Endpoint, headers: Record<string, string>) => {
    if (endpoint.multipart) {
      const body = multipartFile('a.vpk', Buffer.from('x'));
      return t.app.inject({
        method: endpoint.method,
        url: endpoint.url(ids),
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
    }
    return t.app.inject({
      method: endpoint.method,
      url: endpoint.url(ids),
      headers,
      payload: endpoint.payload as never,
    });
  };

  it.each(
    ENDPOINTS.map(
      (endpoint) => [`${endpoint.method} ${endpoint.url({ share: ':shareId', job: ':jobId' })}`, endpoint] as const,
    ),
  )('%s: 401 signed out, 403 without its permission, allowed with it', async (_name, endpoint) => {
    const signedOut = await call(endpoint, {});
    expect(signedOut.statusCode).toBe(401);
    for (const code of OTHER_CODES.filter((other) => other !== endpoint.permission)) {
      const user = await signInAs(t, { codes: [code] });
      const refused = await call(endpoint, user.headers);
      expect(refused.statusCode, `${code}: ${refused.body}`).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'FORBIDDEN' });
    }
    const allowed = await signInAs(t, { codes: [endpoint.permission] });
    const response = await call(endpoint, allowed.headers);
    // Past the guard: a real answer (maybe 404 for the made-up ids, 502 for the unreachable Workshop).
    expect([401, 403]).not.toContain(response.statusCode);
    expect(response.statusCode < 500 || response.statusCode === 502, response.body).toBe(true);
  });
});
