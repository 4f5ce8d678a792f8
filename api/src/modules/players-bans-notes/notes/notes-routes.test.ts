import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, snapshotCounts } from '../../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

const BOB = '76561197962734863';

describe.each(testDatabases())('notes on $name', (kind) => {
  let t: TestApp;
  let staff: SignedIn;
  let reader: SignedIn;
  let privateId: number;
  let publicId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await signInAs(t, { name: 'Nora', codes: ['notes.*'] });
    reader = await signInAs(t, { codes: ['players.view'] });
    const post = (body: string, isPublic: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/notes',
        headers: staff.headers,
        payload: { steamid: 'STEAM_1:1:1234567', body, isPublic },
      });
    privateId = json(await post('**Staff only**: watch for aimbot', false)).id;
    publicId = json(await post('Won the *summer cup*', true)).id;
  });
  afterAll(async () => t?.close());

  it('stores markdown with author and time on the player', async () => {
    const note = json(await t.app.inject({ method: 'GET', url: `/api/notes/${publicId}` }));
    expect(note).toMatchObject({
      steamid: BOB,
      body: 'Won the *summer cup*',
      isPublic: true,
      authorId: staff.userId,
      authorName: 'Nora',
    });
    expect(note.createdAt).toBeGreaterThan(1_700_000_000);
  });

  it('anonymous visitors and staff without notes.view-private see public notes only', async () => {
    for (const headers of [undefined, reader.headers]) {
      const list = await t.app.inject({ method: 'GET', url: '/api/notes', headers });
      expect(list.body).not.toContain('Staff only');
      expect(json(list).notes.map((n: { id: number }) => n.id)).toEqual([publicId]);
      expect((await t.app.inject({ method: 'GET', url: `/api/notes/${privateId}`, headers })).statusCode).toBe(404);
      expect(json(await t.app.inject({ method: 'GET', url: '/api/notes?visibility=private', headers })).notes).toEqual(
        [],
      );
      expect(json(await t.app.inject({ method: 'GET', url: '/api/search?q=aimbot', headers })).groups).toEqual([]);
    }
    const all = json(await t.app.inject({ method: 'GET', url: `/api/notes?steamid=${BOB}`, headers: staff.headers }));
    expect(all.notes.map((n: { id: number }) => n.id)).toEqual([publicId, privateId]);
    const search = json(await t.app.inject({ method: 'GET', url: '/api/notes?q=AIMBOT', headers: staff.headers }));
    expect(search.notes.map((n: { id: number }) => n.id)).toEqual([privateId]);
    // LIKE wildcards in the search text are plain characters.
    const wildcard = json(await t.app.inject({ method: 'GET', url: '/api/notes?q=%25_', headers: staff.headers }));
    expect(wildcard.notes).toEqual([]);
  });

  it('edits and deletes (hidden, kept for the record), each audit-logged', async () => {
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/notes/${privateId}`,
      headers: staff.headers,
      payload: { body: 'Cleared', isPublic: true },
    });
    expect(json(edited)).toMatchObject({ body: 'Cleared', isPublic: true });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/notes/${privateId}`, headers: staff.headers })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/notes/${privateId}`, headers: staff.headers })).statusCode,
    ).toBe(404);
    const kept = await t.database.db
      .selectFrom('notes')
      .select('deleted_at')
      .where('id', '=', privateId)
      .executeTakeFirstOrThrow();
    expect(kept.deleted_at).not.toBeNull();
    const log = await t.database.db
      .selectFrom('log_entries')
      .select('message')
      .where('client', '=', staff.userId)
      .execute();
    expect(log.map((row) => row.message)).toEqual(
      expect.arrayContaining([`edited note #${privateId}`, `deleted note #${privateId}`]),
    );
  });

  // Issue 9 item 11: the audit log (read by staff without notes.view-private) never
  // quotes a note: not on create (private or public), edit, visibility change or delete.
  it('never quotes note text in the audit log', async () => {
    const secret = 'SECRET-informant-lives-at-42';
    const created: number[] = [];
    for (const isPublic of [false, true]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/notes',
        headers: staff.headers,
        payload: { steamid: BOB, body: `${secret} ${isPublic}`, isPublic },
      });
      expect(response.statusCode).toBe(201);
      created.push(json(response).id);
    }
    for (const payload of [{ body: `${secret} edited` }, { isPublic: false }, { isPublic: true, body: secret }]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/notes/${created[1]}`,
        headers: staff.headers,
        payload,
      });
      expect(response.statusCode).toBe(200);
    }
    await t.app.inject({ method: 'DELETE', url: `/api/notes/${created[0]}`, headers: staff.headers });
    const messages = (await t.database.db.selectFrom('log_entries').select('message').execute()).map(
      (row) => row.message,
    );
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.join('\n')).not.toContain('SECRET');
    expect(messages.join('\n')).not.toContain('informant');
  });

  it('refuses bad input with 4xx and stores nothing', async () => {
    const before = await snapshotCounts(t);
    for (const payload of [
      { steamid: 'nope', body: 'x' },
      { steamid: BOB, body: '' },
      { steamid: BOB, body: 'x'.repeat(5001) },
      { body: 'x' },
      { steamid: BOB, body: 'x', isPublic: 'yes' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/notes', headers: staff.headers, payload });
      expect(response.statusCode).toBe(400);
    }
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/notes/${publicId}`, headers: staff.headers, payload: {} }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/notes/424242',
          headers: staff.headers,
          payload: { body: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/notes/0', headers: staff.headers })).statusCode).toBe(
      400,
    );
    expect(await snapshotCounts(t)).toEqual(before);
  });
});
