import { type Insertable, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedStatement } from '../../db/database';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { activeRestrictions, type ServerPlace } from './bans';
import { connectCheckReads } from './connect-check';
import type { BansTable, PlayersBansNotesTables, WarningsTable } from './tables';
import { activeWarnings } from './warnings';

// The connect check's one statement (issue 25 budget) reads what activeRestrictions (with the
// checking server's place) and activeWarnings read, by the same rules: every shape of row (scope,
// expiry, lift, IP-only, other player, deleted and lifted warnings, more than 100 active ones) on
// every kind of place and caller, compared with those two and with the expected rows by hand.

const NOW = 1_800_000_000;
const PLAYER = '76561197960287930';
const OTHER = '76561197960287931';
const PLAYER_IP = '203.0.113.7';

function banRow(values: Partial<Insertable<BansTable>>): Insertable<BansTable> {
  return {
    type: 'ban',
    steamid: PLAYER,
    ip: null,
    player_name: 'Player',
    player_name_search: 'player',
    reason: 'Cheating',
    created_at: NOW - 3600,
    length: null,
    expires_at: null,
    admin_id: null,
    admin_name: 'Admin',
    server_id: null,
    unbanned_at: null,
    unbanned_by_id: null,
    unbanned_by_name: null,
    unban_reason: null,
    updated_at: NOW - 3600,
    scope_kind: 'community',
    scope_id: null,
    ...values,
  };
}

function warningRow(values: Partial<Insertable<WarningsTable>>): Insertable<WarningsTable> {
  return {
    steamid: PLAYER,
    player_name: 'Player',
    reason: 'Spam',
    author_id: 'admin1',
    author_name: 'Admin One',
    author_real_id: null,
    author_real_name: null,
    server_id: 's1',
    created_at: NOW - 600,
    expires_at: NOW + 86400,
    lifted_at: null,
    lifted_by_id: null,
    lifted_by_name: null,
    lift_reason: null,
    deleted_at: null,
    escalated_ban_id: null,
    ...values,
  };
}

describe.each(testDatabases())('connect check reads on $name', (kind) => {
  let t: TestApp;
  let db: Kysely<PlayersBansNotesTables>;
  const ids: Record<string, number> = {};
  const activeWarningIds: number[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    db = t.database.db as unknown as Kysely<PlayersBansNotesTables>;
    const bans: Record<string, Partial<Insertable<BansTable>>> = {
      community: {},
      expired: { length: 60, expires_at: NOW - 1 },
      endsNow: { length: 60, expires_at: NOW },
      unbanned: { unbanned_at: NOW - 10, unbanned_by_name: 'Admin', unban_reason: 'appeal' },
      groupOne: { scope_kind: 'group', scope_id: 'g1', length: 600, expires_at: NOW + 600 },
      groupTwo: { scope_kind: 'group', scope_id: 'g2' },
      muteOnS1: { type: 'mute', scope_kind: 'server', scope_id: 's1', reason: 'Mic spam' },
      gagOnS2: { type: 'gag', scope_kind: 'server', scope_id: 's2' },
      silenceByIp: { type: 'silence', steamid: null, ip: PLAYER_IP, length: 60, expires_at: NOW + 60 },
      otherPlayer: { steamid: OTHER, ip: '198.51.100.1' },
    };
    for (const [name, values] of Object.entries(bans)) {
      const row = await db.insertInto('bans').values(banRow(values)).returning('id').executeTakeFirstOrThrow();
      ids[name] = Number(row.id);
    }
    const warnings: Array<[string, Partial<Insertable<WarningsTable>>]> = [
      ['forever', { expires_at: null, reason: 'Toxic' }],
      ['expired', { expires_at: NOW - 1 }],
      ['endsNow', { expires_at: NOW }],
      ['lifted', { lifted_at: NOW - 5, lifted_by_name: 'Admin' }],
      ['deleted', { deleted_at: NOW - 5 }],
      ['otherPlayer', { steamid: OTHER }],
    ];
    for (const [name, values] of warnings) {
      const row = await db.insertInto('warnings').values(warningRow(values)).returning('id').executeTakeFirstOrThrow();
      ids[`warning:${name}`] = Number(row.id);
    }
    activeWarningIds.push(ids['warning:forever'] as number);
    // 105 more active ones: the check lists the newest 100.
    for (let i = 0; i < 105; i++) {
      const row = await db
        .insertInto('warnings')
        .values(warningRow({ reason: `Spam ${i}`, created_at: NOW - 500 + i }))
        .returning('id')
        .executeTakeFirstOrThrow();
      activeWarningIds.push(Number(row.id));
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  const places: ServerPlace[] = [
    { serverId: 's1', groupId: 'g1' },
    { serverId: 's2', groupId: 'g2' },
    { serverId: 's3', groupId: null },
  ];
  const callers = [
    { steamid: PLAYER, ip: PLAYER_IP },
    { steamid: PLAYER },
    { ip: PLAYER_IP },
    {},
    { steamid: '', ip: '' },
  ];

  it('reads what activeRestrictions and activeWarnings read, for every place and caller', async () => {
    for (const place of places) {
      for (const who of callers) {
        const reads = await connectCheckReads(db, who, NOW, place);
        const restrictions = await activeRestrictions(db, who, NOW, place);
        const warnings = who.steamid ? await activeWarnings(db, who.steamid, NOW) : [];
        const label = JSON.stringify({ place, who });
        expect(reads.restrictions, label).toEqual(
          restrictions.map((row) => ({
            id: Number(row.id),
            type: row.type,
            reason: row.reason,
            expires_at: row.expires_at === null ? null : Number(row.expires_at),
          })),
        );
        expect(reads.warnings, label).toEqual(
          warnings.map((row) => ({
            id: Number(row.id),
            reason: row.reason,
            created_at: Number(row.created_at),
            expires_at: row.expires_at === null ? null : Number(row.expires_at),
            author_name: row.author_name,
          })),
        );
      }
    }
  });

  it('finds the community, group, server and IP rows in force, newest first, and the newest 100 warnings', async () => {
    const onS1 = await connectCheckReads(db, { steamid: PLAYER, ip: PLAYER_IP }, NOW, places[0] as ServerPlace);
    expect(onS1.restrictions.map((row) => row.id)).toEqual(
      [ids.silenceByIp, ids.muteOnS1, ids.groupOne, ids.community].map(Number),
    );
    expect(onS1.restrictions[1]).toEqual({ id: ids.muteOnS1, type: 'mute', reason: 'Mic spam', expires_at: null });
    expect(onS1.restrictions[2]).toMatchObject({ type: 'ban', expires_at: NOW + 600 });
    expect(onS1.warnings).toHaveLength(100);
    expect(onS1.warnings.map((row) => row.id)).toEqual([...activeWarningIds].reverse().slice(0, 100));
    expect(onS1.warnings[0]).toEqual({
      id: activeWarningIds.at(-1),
      reason: 'Spam 104',
      created_at: NOW - 500 + 104,
      expires_at: NOW + 86400,
      author_name: 'Admin One',
    });

    const onS2 = await connectCheckReads(db, { steamid: PLAYER }, NOW, places[1] as ServerPlace);
    expect(onS2.restrictions.map((row) => row.id)).toEqual([ids.gagOnS2, ids.groupTwo, ids.community].map(Number));

    // A server in no group: only the community's and its own (none here).
    const ungrouped = await connectCheckReads(db, { ip: PLAYER_IP }, NOW, places[2] as ServerPlace);
    expect(ungrouped).toEqual({
      restrictions: [{ id: ids.silenceByIp, type: 'silence', reason: 'Cheating', expires_at: NOW + 60 }],
      warnings: [],
    });
    expect(await connectCheckReads(db, {}, NOW, places[0] as ServerPlace)).toEqual({ restrictions: [], warnings: [] });
  });

  // Only PostgreSQL prepares statements by name; SQLite has no such thing to check (not skipped: absent).
  if (kind.name === 'postgres') {
    it('runs as a named statement, prepared once on a connection', async () => {
      const prepared = await db.connection().execute(async (connection) => {
        await connectCheckReads(connection, { steamid: PLAYER }, NOW, places[0] as ServerPlace);
        await connectCheckReads(connection, { steamid: OTHER }, NOW, places[1] as ServerPlace);
        return (
          await sql<{
            name: string;
          }>`SELECT name FROM pg_prepared_statements WHERE name = 'outpost_connect_check'`.execute(connection)
        ).rows;
      });
      expect(prepared).toEqual([{ name: 'outpost_connect_check' }]);
    });
  }
});

describe('namedStatement', () => {
  it('gives a text one name, and a name one text', () => {
    const text = 'SELECT 1 AS connect_check_test';
    expect(namedStatement('outpost_test_one', text)).toBe(text);
    expect(namedStatement('outpost_test_one', text)).toBe(text);
    expect(() => namedStatement('outpost_test_two', text)).toThrow(/already named/);
    expect(() => namedStatement('outpost_test_one', 'SELECT 2')).toThrow(/taken/);
  });
});
