import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, seedServer, snapshotCounts } from '../../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

const BOB = '76561197962734863';

/**
 * Makes the database itself refuse every new audit line (a trigger on log_entries), so the
 * audit write fails for real, inside the ban's transaction, with none of our code mocked.
 */
async function refuseAuditLines(t: TestApp): Promise<void> {
  const db = t.database.db;
  if (t.database.dialect === 'sqlite') {
    await sql`create trigger refuse_audit before insert on log_entries
      begin select raise(abort, 'audit refused by the test'); end`.execute(db);
  } else {
    await sql`create or replace function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused by the test'; end $$`.execute(db);
    await sql`create trigger refuse_audit before insert on log_entries
      for each row execute function refuse_audit()`.execute(db);
  }
}

async function allowAuditLines(t: TestApp): Promise<void> {
  await sql`drop trigger refuse_audit${sql.raw(t.database.dialect === 'postgres' ? ' on log_entries' : '')}`.execute(
    t.database.db,
  );
}

// Issue 23 item 4: a ban's write and its audit row commit in one transaction, so an audit
// line that cannot be written takes the ban change back with it.
describe.each(testDatabases())('a ban and its audit line commit together on $name', (kind) => {
  let t: TestApp;
  let staff: SignedIn;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedServer(t, 's1');
    staff = await signInAs(t, { name: 'Admin Ann', codes: ['bans.*', 'logs.view'] });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: staff.headers, payload });
  const banOf = async (id: number) => json(await t.app.inject({ method: 'GET', url: `/api/bans/${id}` }));

  it('a failed audit write rolls the new ban back', async () => {
    const before = await snapshotCounts(t);
    await refuseAuditLines(t);
    try {
      const response = await post('/api/bans', { steamid: BOB, reason: 'Cheating', length: 3600, serverId: 's1' });
      expect(response.statusCode).toBe(500);
    } finally {
      await allowAuditLines(t);
    }
    expect(await snapshotCounts(t)).toEqual(before);
    // With audit lines allowed again, the same ban goes in, with its line.
    expect((await post('/api/bans', { steamid: BOB, reason: 'Cheating', length: 3600 })).statusCode).toBe(201);
    expect((await snapshotCounts(t)).bans).toBe((before.bans ?? 0) + 1);
  });

  it('a failed audit write leaves an edited or lifted ban as it was', async () => {
    const ban = json(await post('/api/bans', { steamid: BOB, reason: 'Spam', length: null }));
    const before = await snapshotCounts(t);
    await refuseAuditLines(t);
    try {
      const edit = await t.app.inject({
        method: 'PATCH',
        url: `/api/bans/${ban.id}`,
        headers: staff.headers,
        payload: { reason: 'Mic spam', length: 60 },
      });
      expect(edit.statusCode).toBe(500);
      expect((await post(`/api/bans/${ban.id}/unban`, { reason: 'Apologised' })).statusCode).toBe(500);
    } finally {
      await allowAuditLines(t);
    }
    expect(await banOf(ban.id)).toMatchObject({ status: 'active', reason: 'Spam', length: null, expiresAt: null });
    expect(await snapshotCounts(t)).toEqual(before);
  });
});
