import { logsResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { auditService } from '../../audit';

const ALICE = '76561197960287930';
const BOB = '76561197962734863';
const T0 = 1_700_000_000;

describe.each(testDatabases())('GET /api/logs on $name', (kind) => {
  let t: TestApp;
  let reader: SignedIn;
  let redactedReader: SignedIn;
  let ids: number[];

  beforeAll(async () => {
    t = await startTestApp(kind, { STATS_API_URL: 'http://127.0.0.1:9' });
    reader = await signInAs(t, { codes: ['logs.view'] });
    redactedReader = await signInAs(t, { codes: ['logs.view', 'logs.view-redacted'] });
    // 20 entries, one a second; every 4th is chat on server s2; entry 5 is redacted.
    for (let i = 0; i < 20; i++) {
      await auditService.writeAudit(t.database.db, {
        client: i % 2 === 0 ? ALICE : BOB,
        clientName: i === 3 ? null : i % 2 === 0 ? 'Alice' : 'Bob',
        target: i === 7 ? ALICE : null,
        type: i % 4 === 0 ? 'CHAT' : 'ACTION',
        message: `message ${i}`,
        serverId: i % 4 === 0 ? 's2' : 's1',
        timestamp: T0 + i,
      });
    }
    const rows = await t.database.db.selectFrom('log_entries').select('id').orderBy('id').execute();
    ids = rows.map((row) => row.id);
    await t.database.db
      .updateTable('log_entries')
      .set({ redacted: 1 })
      .where('id', '=', ids[5] as number)
      .execute();
  });
  afterAll(async () => t?.close());

  const get = async (query: string, who: SignedIn = reader) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/logs?${query}`, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return logsResponseSchema.parse(json(response));
  };
  const numbers = (page: { entries: Array<{ message: string }> }) =>
    page.entries.map((e) => (e.message.startsWith('message ') ? Number(e.message.slice(8)) : e.message));

  it('pages newest first, older and back newer, without gaps or repeats', async () => {
    const first = await get('limit=8');
    expect(numbers(first)).toEqual([19, 18, 17, 16, 15, 14, 13, 12]);
    expect(first.newerCursor).toBeNull();
    const second = await get(`limit=8&cursor=${first.olderCursor}`);
    expect(numbers(second)).toEqual([11, 10, 9, 8, 7, 6, '[redacted]', 4]);
    const third = await get(`limit=8&cursor=${second.olderCursor}`);
    expect(numbers(third)).toEqual([3, 2, 1, 0]);
    expect(third.olderCursor).toBeNull();
    const back = await get(`limit=8&cursor=${third.newerCursor}`);
    expect(numbers(back)).toEqual(numbers(second));
  });

  it('returns the window around one entry', async () => {
    const around = await get(`aroundId=${ids[10]}&limit=5`);
    expect(numbers(around)).toEqual([12, 11, 10, 9, 8]);
    expect(around.newerCursor).not.toBeNull();
    expect(numbers(await get(`limit=3&cursor=${around.newerCursor}`))).toEqual([15, 14, 13]);
    expect(numbers(await get(`limit=3&cursor=${around.olderCursor}`))).toEqual([7, 6, '[redacted]']);
    const missing = await t.app.inject({ method: 'GET', url: '/api/logs?aroundId=999999', headers: reader.headers });
    expect(missing.statusCode).toBe(404);
  });

  it('filters by player (client or target, any id form), server, type and time', async () => {
    const bob = await get('player=STEAM_1:1:1234567&limit=100');
    expect(bob.entries.every((e) => e.client === BOB)).toBe(true);
    expect(bob.entries).toHaveLength(10);
    const alice = await get(`player=${ALICE}&limit=100`);
    expect(alice.entries).toHaveLength(11); // 10 as client, entry 7 as target
    // Paged 3 at a time, the merged client/target reads give the same list, in order.
    const paged: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { entries: Array<{ id: number }>; olderCursor: string | null } = await get(
        `player=${ALICE}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      paged.push(...page.entries.map((e) => e.id));
      cursor = page.olderCursor;
    } while (cursor);
    expect(paged).toEqual(alice.entries.map((e) => e.id));
    const aroundTarget = await get(`player=${ALICE}&aroundId=${ids[7]}&limit=3`);
    expect(numbers(aroundTarget)).toEqual([8, 7, 6]);
    expect(numbers(await get('serverId=s2&type=CHAT&limit=100'))).toEqual([16, 12, 8, 4, 0]);
    expect(numbers(await get(`from=${T0 + 2}&to=${T0 + 4}`))).toEqual([4, 3, 2]);
  });

  it('redacts for readers without logs.view-redacted, falls back to ids for names, flags stats', async () => {
    const plain = await get(`aroundId=${ids[5]}&limit=1`);
    expect(plain.entries[0]).toMatchObject({ message: '[redacted]', redacted: true });
    const privileged = await get(`aroundId=${ids[5]}&limit=1`, redactedReader);
    expect(privileged.entries[0]).toMatchObject({ message: 'message 5', redacted: true });
    const nameless = (await get(`aroundId=${ids[3]}&limit=1`)).entries[0];
    expect(nameless).toMatchObject({ client: BOB, clientName: BOB, target: null, targetName: null });
    expect(nameless?.hasStats).toBeUndefined();
    expect((await get(`aroundId=${ids[2]}&limit=1`)).entries[0]?.hasStats).toBe(true);
  });

  it('refuses malformed queries with 400', async () => {
    for (const query of ['type=SHOUT', 'player=nobody', 'cursor=abc', 'limit=500', 'from=-1', 'aroundId=x']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/logs?${query}`, headers: reader.headers });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
