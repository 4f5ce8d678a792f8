import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseConnection } from '../../test-support/sse-client';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { authService } from '../auth';

// Issue 9 item 12: a notification stream ends the moment its credential does (logout,
// session revoke, API key rotation, start and end of impersonation), not at a heartbeat.
describe.each(testDatabases())('streams end with their credential on $name', (kind) => {
  let t: TestApp;
  let base: string;
  const opened: SseConnection[] = [];
  beforeAll(async () => {
    // Heartbeats far apart: only the announcement can end the streams in time.
    t = await startTestApp(kind, { SSE_HEARTBEAT_SECONDS: '120' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const sse of opened) sse.close();
    await t?.close();
  });
  const stream = async (headers: Record<string, string>) => {
    const sse = await openSse(`${base}/api/auth/notifications/sse`, headers);
    expect(sse.status).toBe(200);
    opened.push(sse);
    return sse;
  };
  const ends = (sse: SseConnection) => sse.waitFor(() => sse.ended, 3000);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: SignedIn) =>
    t.app.inject({ method, url, headers: who.headers });

  it('logout ends the session’s stream; another user’s stream stays', async () => {
    const me = await signInAs(t);
    const bystander = await signInAs(t);
    const mine = await stream({ cookie: me.headers.cookie });
    const theirs = await stream({ cookie: bystander.headers.cookie });
    expect((await call('GET', '/api/auth/logout', me)).statusCode).toBe(200);
    await ends(mine);
    expect(theirs.ended).toBe(false);
  });

  it('revoking a session ends that session’s stream, not the revoker’s', async () => {
    const laptop = await signInAs(t);
    const phoneSession = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', laptop.userId)
      .executeTakeFirstOrThrow();
    // A second session of the same user.
    const other = await authService.createSession(t.database.db, laptop.userId, { ip: '127.0.0.1', countryCode: '' });
    const revoker = { ...laptop, headers: { ...laptop.headers, cookie: `outpost_session=${other.token}` } };
    const revokedStream = await stream({ cookie: laptop.headers.cookie });
    const revokerStream = await stream({ cookie: revoker.headers.cookie });
    expect((await call('DELETE', `/api/auth/sessions/${phoneSession.id}`, revoker)).statusCode).toBe(204);
    await ends(revokedStream);
    expect(revokerStream.ended).toBe(false);
  });

  it('rotating the API key ends streams opened with the old key', async () => {
    const me = await signInAs(t);
    const { key } = await authService.regenerateApiKey(t.database.db, me.userId);
    const byKey = await stream({ authorization: `Bearer ${key}` });
    const bySession = await stream({ cookie: me.headers.cookie });
    expect((await call('POST', '/api/auth/developer/apikey', me)).statusCode).toBe(200);
    await ends(byKey);
    expect(bySession.ended).toBe(false);
  });

  it('starting and ending impersonation end the streams of the identity left behind', async () => {
    const admin = await signInAs(t, { codes: ['users.impersonate'], immunity: 50 });
    const target = await signInAs(t, { immunity: 1 });
    const asAdmin = await stream({ cookie: admin.headers.cookie });
    expect((await call('POST', `/api/admins/impersonate/${target.userId}`, admin)).statusCode).toBe(200);
    await ends(asAdmin);
    const asTarget = await stream({ cookie: admin.headers.cookie });
    expect((await call('POST', '/api/admins/impersonate', admin)).statusCode).toBe(200);
    await ends(asTarget);
  });
});
