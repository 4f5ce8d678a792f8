import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// Issue 9 item 13: what an admin does while impersonating is recorded under the account
// they act as AND under themselves: ban rows (issuing and lifting), notes, and every audit
// line, whichever module writes it; the API answers carry both.

const PLAYER = '76561197962734863';
const CODES = ['bans.*', 'notes.*', 'logs.view', 'panel.announce'];

describe.each(testDatabases())('actions while impersonating on $name', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let target: SignedIn;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAs(t, { name: 'Real Admin', codes: ['users.impersonate', ...CODES], immunity: 50 });
    target = await signInAs(t, { name: 'Acted As', codes: CODES, immunity: 10 });
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const impersonate = async () =>
    expect((await call('POST', `/api/admins/impersonate/${target.userId}`)).statusCode).toBe(200);
  const stopImpersonating = async () => expect((await call('POST', '/api/admins/impersonate/')).statusCode).toBe(200);
  const auditRows = () =>
    t.database.db
      .selectFrom('log_entries')
      .select(['message', 'client', 'client_name', 'client_real_id', 'client_real_name'])
      .orderBy('id')
      .execute();

  it('records both on a ban, its edit and its lifting, in rows, audit lines and answers', async () => {
    await impersonate();
    const before = (await auditRows()).length;
    const created = await call('POST', '/api/bans', { steamid: PLAYER, reason: 'Cheating', length: 3600 });
    expect(created.statusCode).toBe(201);
    const ban = json(created);
    expect(ban).toMatchObject({
      adminId: target.userId,
      adminName: 'Acted As',
      adminRealId: admin.userId,
      adminRealName: 'Real Admin',
    });
    expect((await call('PATCH', `/api/bans/${ban.id}`, { reason: 'Aimbot' })).statusCode).toBe(200);
    expect((await call('POST', `/api/bans/${ban.id}/unban`, { reason: 'Appeal' })).statusCode).toBe(200);
    const lifted = json(await t.app.inject({ method: 'GET', url: `/api/bans/${ban.id}` }));
    expect(lifted).toMatchObject({
      unbannedById: target.userId,
      unbannedByName: 'Acted As',
      unbannedByRealId: admin.userId,
      unbannedByRealName: 'Real Admin',
    });
    const lines = (await auditRows()).slice(before);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).toMatchObject({
        client: target.userId,
        client_name: 'Acted As',
        client_real_id: admin.userId,
        client_real_name: 'Real Admin',
      });
    }
    await stopImpersonating();
  });

  it('records both on a note and its edit and deletion', async () => {
    await impersonate();
    const before = (await auditRows()).length;
    const created = await call('POST', '/api/notes', { steamid: PLAYER, body: 'watch this one' });
    expect(created.statusCode).toBe(201);
    expect(json(created)).toMatchObject({
      authorId: target.userId,
      authorName: 'Acted As',
      authorRealId: admin.userId,
      authorRealName: 'Real Admin',
    });
    const listed = json(await call('GET', `/api/notes?steamid=${PLAYER}`));
    expect(listed.notes.find((n: { id: number }) => n.id === json(created).id)).toMatchObject({
      authorRealName: 'Real Admin',
    });
    expect((await call('PATCH', `/api/notes/${json(created).id}`, { isPublic: true })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/notes/${json(created).id}`)).statusCode).toBe(204);
    const lines = (await auditRows()).slice(before);
    expect(lines.map((l) => [l.client, l.client_real_id])).toEqual([
      [target.userId, admin.userId],
      [target.userId, admin.userId],
      [target.userId, admin.userId],
    ]);
    await stopImpersonating();
  });

  it('records both on audit lines of other modules that never mention it (taken from the request)', async () => {
    await impersonate();
    const before = (await auditRows()).length;
    const sent = await call('POST', '/api/panel/announcements', {
      audience: { kind: 'user', userId: target.userId },
      level: 1,
      message: 'hello',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [line] = (await auditRows()).slice(before);
    expect(line).toMatchObject({ client: target.userId, client_real_id: admin.userId, client_real_name: 'Real Admin' });
    // The log answer carries both.
    const logs = json(await call('GET', '/api/logs?limit=5'));
    expect(logs.entries[0]).toMatchObject({
      clientName: 'Acted As',
      clientRealId: admin.userId,
      clientRealName: 'Real Admin',
    });
    await stopImpersonating();
  });

  it('records no real actor when nobody impersonates: own session, the stop line, another account', async () => {
    const before = (await auditRows()).length;
    const own = json(await call('POST', '/api/bans', { steamid: PLAYER, reason: 'own', length: 60 }));
    expect(own).toMatchObject({ adminId: admin.userId, adminRealId: null, adminRealName: null });
    const byTarget = await t.app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: target.headers,
      payload: { steamid: PLAYER, body: 'mine' },
    });
    expect(json(byTarget)).toMatchObject({ authorId: target.userId, authorRealId: null });
    await impersonate();
    await stopImpersonating();
    const lines = (await auditRows()).slice(before);
    expect(lines.map((l) => l.client_real_id)).toEqual(lines.map(() => null));
    expect(lines.at(-1)?.client).toBe(admin.userId);
  });
});
