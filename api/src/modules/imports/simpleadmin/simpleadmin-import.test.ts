import { describe, expect, it } from 'vitest';
import { importTestKit } from '../../../test-support/import-test-kit';
import { createSimpleAdminDatabase, timestamp } from '../../../test-support/simpleadmin-fixture';
import type { SourceBansDatabase } from '../../../test-support/sourcebans-fixture';
import { testDatabases } from '../../../test-support/test-databases';
import { importsService } from '..';
import { ADMIN_REASON, ADMIN_REMARK, cssFlags } from './simpleadmin-admins';
import { SA_KIND, SA_REASON, SA_REMARK } from './simpleadmin-import';

// The CS2-SimpleAdmin importer against a real database in the plugin's layout on the loopback
// MariaDB, into a real Outpost database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set).

const NOW = Math.floor(Date.now() / 1000);
const HOUR = 3600;
const ID = (n: number) => (76561197960265728n + BigInt(n)).toString();

function row(values: Record<string, unknown>): Record<string, unknown> {
  return {
    player_name: 'player',
    admin_steamid: ID(1),
    admin_name: 'alice',
    reason: 'cheating',
    duration: 0,
    ends: null,
    created: timestamp(NOW - 2 * HOUR),
    server_id: 1,
    ...values,
  };
}

async function fill(sa: SourceBansDatabase): Promise<void> {
  await sa.connection.query("SET time_zone = '+00:00'");
  await sa.insert('servers', [
    { id: 1, hostname: 'Retakes #1', address: '192.0.2.20:27015' },
    { id: 2, hostname: 'Surf', address: '192.0.2.21' },
  ]);
  await sa.insert('groups', [
    { id: 1, name: 'Moderators', immunity: 20 },
    { id: 2, name: 'Owners', immunity: 100 },
  ]);
  await sa.insert('groups_flags', [
    { group_id: 1, flag: '@css/kick' },
    { group_id: 1, flag: '@css/ban' },
    { group_id: 2, flag: '@css/root' },
    { group_id: 2, flag: '@jailbreak/warden' },
  ]);
  await sa.insert('admins', [
    { id: 1, player_name: 'alice', player_steamid: ID(1), flags: null, immunity: 50, server_id: null, group_id: 2 },
    { id: 2, player_name: 'bob', player_steamid: ID(2), flags: null, immunity: 10, server_id: null, group_id: null },
    { id: 3, player_name: 'carol', player_steamid: ID(3), flags: null, immunity: 10, server_id: 1, group_id: null },
    { id: 4, player_name: 'old', player_steamid: ID(4), flags: null, immunity: 0, server_id: null, group_id: null },
    { id: 5, player_name: 'nobody', player_steamid: 'not-a-steam-id', flags: null, immunity: 0, server_id: null },
  ]);
  await sa.connection.query(`UPDATE sa_admins SET ends = ? WHERE id = 4`, [timestamp(NOW - HOUR)]);
  await sa.insert('admins_flags', [
    { admin_id: 2, flag: '@css/chat' },
    { admin_id: 2, flag: '#moderators' },
  ]);
  await sa.insert('bans', [
    row({ id: 1, player_steamid: ID(100), player_ip: '198.51.100.1' }), // permanent, active
    row({ id: 2, player_steamid: ID(101), duration: 60, status: 'EXPIRED', server_id: null }),
    row({ id: 3, player_steamid: ID(102), status: 'UNBANNED', unban_id: 1 }),
    row({ id: 4, player_steamid: null, player_ip: '198.51.100.4', server_id: 9 }), // IP only; server gone
    row({ id: 5, player_steamid: 'garbage', player_ip: null }), // nothing to ban
    row({ id: 6, player_steamid: ID(103), admin_steamid: 'Console', admin_name: 'Console' }),
  ]);
  await sa.insert('unbans', [
    { id: 1, ban_id: 3, admin_id: 2, reason: 'appeal accepted', date: timestamp(NOW - HOUR) },
  ]);
  await sa.insert('mutes', [
    row({ id: 1, player_steamid: ID(200), type: 'GAG', duration: 30 }),
    row({ id: 2, player_steamid: ID(201), type: 'MUTE', status: 'UNMUTED', unmute_id: 1 }),
    row({ id: 3, player_steamid: ID(202), type: 'SILENCE', passed: 5, duration: 10 }),
    row({ id: 4, player_steamid: ID(203), type: '' }),
  ]);
  await sa.insert('unmutes', [{ id: 1, mute_id: 2, admin_id: 1, reason: 'sorry', date: timestamp(NOW - HOUR) }]);
  await sa.insert('warns', [
    row({ id: 1, player_steamid: ID(300), reason: 'spam', duration: 1440, ends: timestamp(NOW) }),
    row({ id: 2, player_steamid: 'nope', reason: 'spam', ends: timestamp(NOW) }),
  ]);
}

describe('cssFlags', () => {
  it('maps @css/ permissions to SourceMod letters and collects #groups and custom flags', () => {
    expect(cssFlags(['@css/ban', '@css/kick,#Mods', '@css/root'])).toEqual({
      letters: 'cdz',
      groups: ['mods'],
      custom: false,
    });
    expect(cssFlags(['@jailbreak/warden']).custom).toBe(true);
  });
});

describe.each(testDatabases())('CS2-SimpleAdmin import into $name', (kind) => {
  const kit = importTestKit(kind, createSimpleAdminDatabase, fill);
  async function runImport(options: { multiServerMode?: boolean } = {}) {
    const source = await importsService.openSimpleAdmin(kit.source.url, kit.source.prefix);
    const seen: number[] = [];
    try {
      const summary = await importsService.importSimpleAdmin(
        kit.outpost.db,
        source,
        { batchSize: 2, onProgress: (done) => seen.push(done) },
        options,
      );
      return { summary, seen };
    } finally {
      await source.close();
    }
  }

  it('imports servers, groups, admins, bans, mutes and warnings; a second run imports nothing', async () => {
    const { db } = kit.outpost;
    const { summary, seen } = await runImport();

    const servers = await db.selectFrom('servers').select(['name', 'ip', 'port']).orderBy('port').execute();
    expect(servers).toEqual([
      { name: 'Retakes #1', ip: '192.0.2.20', port: 27015 },
      { name: 'Surf', ip: '192.0.2.21', port: 27015 },
    ]);
    const roles = await db.selectFrom('roles').select(['name', 'flags', 'immunity']).orderBy('name').execute();
    expect(roles).toEqual([
      { name: 'Moderators', flags: 'cd', immunity: 20 },
      { name: 'Owners', flags: 'z', immunity: 100 },
    ]);
    expect(summary.remarkCount(SA_KIND.roles, ADMIN_REMARK.customFlags)).toBe(1);

    const users = await db
      .selectFrom('users')
      .select(['steamid', 'name', 'flags', 'immunity'])
      .orderBy('name')
      .execute();
    expect(users).toEqual([
      { steamid: ID(1), name: 'alice', flags: '', immunity: 50 },
      { steamid: ID(2), name: 'bob', flags: 'j', immunity: 10 },
    ]);
    const memberships = await db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['users.name as user', 'roles.name as role'])
      .orderBy('users.name')
      .execute();
    expect(memberships).toEqual([
      { user: 'alice', role: 'Owners' },
      { user: 'bob', role: 'Moderators' },
    ]);
    expect(summary.skippedCount(SA_KIND.admins, ADMIN_REASON.perServer)).toBe(1);
    expect(summary.skippedCount(SA_KIND.admins, ADMIN_REASON.expired)).toBe(1);
    expect(summary.skippedCount(SA_KIND.admins, ADMIN_REASON.malformedSteamId)).toBe(1);

    const bans = await db
      .selectFrom('bans')
      .select([
        'type',
        'steamid',
        'ip',
        'length',
        'admin_id',
        'admin_name',
        'server_id',
        'unbanned_at',
        'unbanned_by_name',
        'unban_reason',
      ])
      .orderBy('id')
      .execute();
    const alice = (await db.selectFrom('users').select('id').where('name', '=', 'alice').executeTakeFirstOrThrow()).id;
    const retakes = (
      await db
        .selectFrom('servers')
        .select('id')
        .where('port', '=', 27015)
        .where('name', '=', 'Retakes #1')
        .executeTakeFirstOrThrow()
    ).id;
    expect(bans).toEqual([
      {
        type: 'ban',
        steamid: ID(100),
        ip: null,
        length: null,
        admin_id: alice,
        admin_name: 'alice',
        server_id: retakes,
        unbanned_at: null,
        unbanned_by_name: null,
        unban_reason: null,
      },
      {
        type: 'ban',
        steamid: ID(101),
        ip: null,
        length: 3600,
        admin_id: alice,
        admin_name: 'alice',
        server_id: null,
        unbanned_at: null,
        unbanned_by_name: null,
        unban_reason: null,
      },
      {
        type: 'ban',
        steamid: ID(102),
        ip: null,
        length: null,
        admin_id: alice,
        admin_name: 'alice',
        server_id: retakes,
        unbanned_at: NOW - HOUR,
        unbanned_by_name: 'bob',
        unban_reason: 'appeal accepted',
      },
      {
        type: 'ban',
        steamid: null,
        ip: '198.51.100.4',
        length: null,
        admin_id: alice,
        admin_name: 'alice',
        server_id: null,
        unbanned_at: null,
        unbanned_by_name: null,
        unban_reason: null,
      },
      {
        type: 'ban',
        steamid: ID(103),
        ip: null,
        length: null,
        admin_id: null,
        admin_name: 'Console',
        server_id: retakes,
        unbanned_at: null,
        unbanned_by_name: null,
        unban_reason: null,
      },
      {
        type: 'gag',
        steamid: ID(200),
        ip: null,
        length: 1800,
        admin_id: alice,
        admin_name: 'alice',
        server_id: retakes,
        unbanned_at: null,
        unbanned_by_name: null,
        unban_reason: null,
      },
      {
        type: 'mute',
        steamid: ID(201),
        ip: null,
        length: null,
        admin_id: alice,
        admin_name: 'alice',
        server_id: retakes,
        unbanned_at: NOW - HOUR,
        unbanned_by_name: 'alice',
        unban_reason: 'sorry',
      },
      {
        type: 'silence',
        steamid: ID(202),
        ip: null,
        length: 600,
        admin_id: alice,
        admin_name: 'alice',
        server_id: retakes,
        unbanned_at: null,
        unbanned_by_name: null,
        unban_reason: null,
      },
    ]);
    // The Steam-id ban's address is a known IP of the player, not banned with it.
    const ips = await db.selectFrom('player_ips').select(['steamid', 'ip']).execute();
    expect(ips).toEqual([{ steamid: ID(100), ip: '198.51.100.1' }]);
    expect(summary.skippedCount(SA_KIND.bans, SA_REASON.noTarget)).toBe(1);
    expect(summary.skippedCount(SA_KIND.comms, SA_REASON.unknownType)).toBe(1);
    expect(summary.remarkCount(SA_KIND.bans, SA_REMARK.serverScope)).toBe(3);
    expect(summary.remarkCount(SA_KIND.bans, SA_REMARK.deletedServer)).toBe(1);
    expect(summary.remarkCount(SA_KIND.comms, SA_REMARK.playtime)).toBe(1);
    // Progress: per batch of 2, over all 10 ban and mute rows.
    expect(seen).toEqual([0, 2, 4, 6, 8, 10]);

    const notes = await db.selectFrom('notes').select(['steamid', 'body', 'is_public', 'author_name']).execute();
    expect(notes).toEqual([
      {
        steamid: ID(300),
        body: 'CS2-SimpleAdmin warning (1440 minutes, active): spam',
        is_public: 0,
        author_name: 'alice',
      },
    ]);
    expect(summary.skippedCount(SA_KIND.warnings, SA_REASON.malformedSteamId)).toBe(1);
    expect(summary.format()).toContain('issued on one server');

    const again = await runImport();
    expect(again.summary.totalImported()).toBe(0);
    expect(
      Number(
        (
          await db
            .selectFrom('bans')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(8);
  });

  // Issue 25 item 3: CS2-SimpleAdmin's MultiServerMode (on by default) enforces a ban on every
  // server; off, only on the server it was given on. The import follows what it is told.
  const scopes = async () =>
    (await kit.outpost.db.selectFrom('bans').select(['scope_kind', 'scope_id']).execute()).map(
      (ban) => `${ban.scope_kind}:${ban.scope_id}`,
    );

  it('MultiServerMode on (the default): a ban given on one server holds on every server', async () => {
    const { summary } = await runImport();
    const all = await scopes();
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all)).toEqual(new Set(['community:null']));
    expect(summary.remarkCount(SA_KIND.bans, SA_REMARK.serverHeld)).toBe(0);
  });

  it('MultiServerMode off: bans and comm blocks given on a server hold on that server only', async () => {
    const { summary } = await runImport({ multiServerMode: false });
    const db = kit.outpost.db;
    const retakes = (
      await db.selectFrom('servers').select('id').where('name', '=', 'Retakes #1').executeTakeFirstOrThrow()
    ).id;
    const rows = await db
      .selectFrom('bans')
      .select(['type', 'server_id', 'scope_kind', 'scope_id'])
      .orderBy('id')
      .execute();
    for (const row of rows) {
      // Given on a server that still exists: held to it; from the web or a deleted server: everywhere.
      if (row.server_id === retakes) expect(row).toMatchObject({ scope_kind: 'server', scope_id: retakes });
      else expect(row).toMatchObject({ scope_kind: 'community', scope_id: null });
    }
    expect(rows.filter((row) => row.scope_kind === 'server' && row.type === 'ban')).toHaveLength(3);
    expect(rows.some((row) => row.scope_kind === 'server' && row.type !== 'ban')).toBe(true);
    expect(rows.some((row) => row.scope_kind === 'community')).toBe(true);
    expect(summary.remarkCount(SA_KIND.bans, SA_REMARK.serverHeld)).toBe(3);
    expect(summary.remarkCount(SA_KIND.bans, SA_REMARK.serverScope)).toBe(0);
    expect(summary.remarkCount(SA_KIND.bans, SA_REMARK.deletedServer)).toBe(1);
    expect(summary.format()).toContain('held to that server');
  });
});
