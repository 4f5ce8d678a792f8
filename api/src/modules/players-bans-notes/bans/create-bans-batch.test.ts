import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServer } from '../../../test-support/players-bans-notes-fixtures';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import type { Actor } from '../../accounts';
import { createBan, createBans, type NewBan } from './bans-service';

// Issue 29: a federation catch-up makes its bans with createBans, a few statements for a whole
// batch. Each ban and its audit line must be exactly what createBan makes one at a time: the
// same inputs on two fresh databases, one by one and in one batch, leave the same rows.

const steamid = (n: number) => (76561197960265728n + BigInt(n)).toString();

/** Mixed on purpose: kinds, lengths, a known and an unknown player, a given name, an IP, scopes. */
const INPUTS: NewBan[] = [
  { type: 'ban', steamid: steamid(1), reason: 'Cheating (from b.example)', length: null },
  { type: 'mute', steamid: steamid(2), reason: 'Spam', length: 3600, playerName: 'Given Name' },
  { type: 'gag', steamid: steamid(3), reason: 'Abuse', length: 86400, scope: { kind: 'server', serverId: 's1' } },
  { type: 'ban', ip: '198.51.100.7', reason: 'Ban evasion', length: 600 },
  {
    type: 'silence',
    steamid: steamid(1),
    reason: 'Again',
    length: 120,
    origin: { site: 'https://b.example', appeals: null },
  },
  ...Array.from({ length: 620 }, (_, n) => ({
    type: 'ban' as const,
    steamid: steamid(100 + n),
    reason: `Bulk ${n}`,
    length: n % 3 === 0 ? null : 60 * (n + 1),
  })),
];

const ACTOR: Actor = { id: null, name: 'Federation: B' };

describe.each(testDatabases())('createBans on $name', (kind) => {
  let oneByOne: TestApp;
  let batched: TestApp;

  beforeAll(async () => {
    [oneByOne, batched] = await Promise.all([startTestApp(kind), startTestApp(kind)]);
    for (const t of [oneByOne, batched]) {
      await seedServer(t, 's1');
      await t.database.db
        .insertInto('players')
        .values({
          steamid: steamid(1),
          name: 'Known Player',
          name_search: 'known player',
          first_seen: 1,
          last_seen: 1,
          total_time: 0,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await oneByOne?.close();
    await batched?.close();
  });

  const rows = async (t: TestApp) => {
    const bans = await t.database.db.selectFrom('bans').selectAll().orderBy('id').execute();
    const lines = await t.database.db
      .selectFrom('log_entries')
      .select(['client', 'client_name', 'target', 'target_name', 'type', 'message', 'server_id'])
      .where('message', 'like', '%[ban #%')
      .orderBy('id')
      .execute();
    // The clock may tick between the one-by-one calls: times are compared apart.
    return {
      bans: bans.map(({ created_at, updated_at, expires_at, ...rest }) => ({
        ...rest,
        lasts: expires_at === null ? null : Number(expires_at) - Number(created_at),
        touched: Number(updated_at) - Number(created_at),
      })),
      lines,
    };
  };

  it('leaves the same bans and audit lines as createBan one at a time, in the inputs order', async () => {
    const made: unknown[] = [];
    for (const input of INPUTS) made.push((await createBan(oneByOne.database.db as never, input, ACTOR)).id);
    const batch = await createBans(batched.database.db as never, INPUTS, ACTOR);
    expect(batch.map((row) => row.id)).toEqual(made);
    expect(batch.map((row) => row.reason)).toEqual(INPUTS.map((input) => input.reason));
    const [a, b] = [await rows(oneByOne), await rows(batched)];
    expect(a.bans).toHaveLength(INPUTS.length);
    expect(a.lines).toHaveLength(INPUTS.length);
    expect(b).toEqual(a);
    expect(b.bans[0]).toMatchObject({ player_name: 'Known Player', admin_name: 'Federation: B' });
    expect(b.lines[2]?.message).toContain('only');
  });

  it('writes nothing when one of the batch is refused (a scope that does not exist)', async () => {
    const before = await rows(batched);
    await expect(
      createBans(
        batched.database.db as never,
        [
          { type: 'ban', steamid: steamid(9000), reason: 'Fine', length: null },
          {
            type: 'ban',
            steamid: steamid(9001),
            reason: 'Nowhere',
            length: null,
            scope: { kind: 'server', serverId: 'nope' },
          },
        ],
        ACTOR,
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await rows(batched)).toEqual(before);
    expect(await createBans(batched.database.db as never, [], ACTOR)).toEqual([]);
  });
});
