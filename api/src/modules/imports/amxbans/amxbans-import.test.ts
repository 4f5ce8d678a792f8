import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAmxBansDatabase } from '../../../test-support/amxbans-fixture';
import { importTestKit } from '../../../test-support/import-test-kit';
import type { SourceBansDatabase } from '../../../test-support/sourcebans-fixture';
import { testDatabases } from '../../../test-support/test-databases';
import { importsService } from '..';
import { AMX_KIND, AMX_REASON, AMX_REMARK, amxAccess } from './amxbans-import';

// The AMXBans importer against a real database in AMXBans 6's layout on the loopback MariaDB,
// into a real Outpost database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set).

const NOW = Math.floor(Date.now() / 1000);
const HOUR = 3600;
const STEAM64 = (account: number) => (76561197960265728n + BigInt(account)).toString();
const SECRET_PASSWORD = '5f4dcc3b5aa765d61d8327deb882cf99';
const SECRET_EMAIL = 'webadmin@example.com';

function ban(bid: number, values: Record<string, unknown>): Record<string, unknown> {
  return {
    bid,
    player_ip: '198.51.100.7',
    player_id: 'STEAM_0:1:500',
    player_nick: `player ${bid}`,
    admin_id: 'STEAM_0:0:10',
    admin_nick: 'Alice',
    ban_type: 'S',
    ban_reason: 'wallhack',
    ban_created: NOW - 2 * HOUR,
    ban_length: 0,
    server_ip: '192.0.2.30:27015',
    expired: 0,
    ...values,
  };
}

async function fill(amx: SourceBansDatabase): Promise<void> {
  await amx.insert('serverinfo', [
    { id: 1, hostname: 'Dust2 only', address: '192.0.2.30:27015', rcon: 'rc' },
    { id: 2, hostname: Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]), address: '192.0.2.31:27016', rcon: '' },
  ]);
  await amx.insert('amxadmins', [
    // Steam id, every server: imported (password and e-mail never read).
    {
      id: 1,
      username: 'STEAM_0:0:10',
      password: SECRET_PASSWORD,
      access: 'abcdefghijklmnopqrstu',
      flags: 'ce',
      steamid: 'STEAM_0:0:10',
      nickname: 'Alice',
      expired: 0,
    },
    {
      id: 2,
      username: 'bob',
      password: SECRET_PASSWORD,
      access: 'cd',
      flags: 'a',
      steamid: 'bob',
      nickname: 'Bob',
      expired: 0,
    }, // name login
    {
      id: 3,
      username: 'STEAM_0:0:12',
      access: 'cd',
      flags: 'ce',
      steamid: 'STEAM_0:0:12',
      nickname: 'Carol',
      expired: NOW - HOUR,
    }, // expired
    {
      id: 4,
      username: 'STEAM_0:0:13',
      access: 'cd',
      flags: 'ce',
      steamid: 'STEAM_0:0:13',
      nickname: 'Dave',
      expired: 0,
    }, // one server
  ]);
  await amx.insert('admins_servers', [
    { admin_id: 1, server_id: 1 },
    { admin_id: 1, server_id: 2 },
    { admin_id: 4, server_id: 2 },
  ]);
  await amx.insert('webadmins', [{ id: 1, username: 'root', password: SECRET_PASSWORD, email: SECRET_EMAIL }]);
  await amx.insert('comments', [
    { id: 1, name: 'visitor', comment: 'unban him', email: SECRET_EMAIL, addr: '203.0.113.9', date: NOW, bid: 1 },
  ]);
  await amx.insert('bans', [
    ban(1, {}), // permanent, Steam id + known IP
    ban(2, { player_id: 'STEAM_0:1:501', ban_length: 30, expired: 1, ban_created: NOW - 10 * HOUR }), // ran out
    ban(3, { player_id: 'STEAM_0:1:502', ban_length: 0, expired: 1 }), // lifted
    ban(4, { player_id: '', ban_type: 'I', player_ip: '198.51.100.8', server_ip: '192.0.2.99:27015' }), // IP only, unknown server
    ban(5, { player_id: 'BOT', player_ip: '' }), // nothing to ban
  ]);
  await amx.insert('bans_edit', [
    { id: 1, bid: 3, edit_time: NOW - HOUR, admin_nick: 'Alice', edit_reason: 'unbanned' },
  ]);
}

describe('amxAccess', () => {
  it('maps AMX Mod X access letters to SourceMod letters of the same power; a is immunity', () => {
    expect(amxAccess('abcdu')).toEqual({ flags: 'abcde', immune: true });
    expect(amxAccess('lz')).toEqual({ flags: 'mz', immune: false });
    expect(amxAccess(null)).toEqual({ flags: '', immune: false });
  });
});

describe.each(testDatabases())('AMXBans import into $name', (kind) => {
  const kit = importTestKit(kind, createAmxBansDatabase, fill);
  async function runImport() {
    const source = await importsService.openAmxBans(kit.source.url, kit.source.prefix);
    try {
      return await importsService.importAmxBans(kit.outpost.db, source, { batchSize: 2 });
    } finally {
      await source.close();
    }
  }

  it('imports servers, Steam-id admins and bans, leaves logins and comments behind, and a second run imports nothing', async () => {
    const { db } = kit.outpost;
    const summary = await runImport();

    const servers = await db
      .selectFrom('servers')
      .select(['name', 'ip', 'port', 'rcon_password'])
      .orderBy('port')
      .execute();
    expect(servers).toEqual([
      { name: 'Dust2 only', ip: '192.0.2.30', port: 27015, rcon_password: 'rc' },
      { name: 'Müller', ip: '192.0.2.31', port: 27016, rcon_password: null },
    ]);
    const users = await db.selectFrom('users').select(['steamid', 'name', 'flags', 'immunity']).execute();
    expect(users).toEqual([{ steamid: STEAM64(20), name: 'Alice', flags: 'abcdefghijklmz', immunity: 100 }]);
    expect(summary.skippedCount(AMX_KIND.admins, AMX_REASON.notSteam)).toBe(1);
    expect(summary.skippedCount(AMX_KIND.admins, AMX_REASON.expired)).toBe(1);
    expect(summary.skippedCount(AMX_KIND.admins, AMX_REASON.perServer)).toBe(1);
    expect(summary.skippedCount(AMX_KIND.webAdmins, AMX_REASON.webLogin)).toBe(1);
    expect(summary.skippedCount(AMX_KIND.comments, AMX_REASON.comment)).toBe(1);

    const alice = (await db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    const dust2 = (await db.selectFrom('servers').select('id').where('port', '=', 27015).executeTakeFirstOrThrow()).id;
    // AMXBans has no per-server bans (its plugin's check reads amx_bans without the server): a
    // ban recorded on a server holds on every server here too (issue 25 item 3), its server kept.
    const scopes = await db.selectFrom('bans').select(['server_id', 'scope_kind', 'scope_id']).execute();
    expect(scopes.some((row) => row.server_id === dust2)).toBe(true);
    expect(scopes.every((row) => row.scope_kind === 'community' && row.scope_id === null)).toBe(true);
    const bans = await db
      .selectFrom('bans')
      .select(['steamid', 'ip', 'length', 'admin_id', 'admin_name', 'server_id', 'unbanned_at', 'unban_reason'])
      .orderBy('id')
      .execute();
    expect(bans).toEqual([
      {
        steamid: STEAM64(1001),
        ip: null,
        length: null,
        admin_id: alice,
        admin_name: 'Alice',
        server_id: dust2,
        unbanned_at: null,
        unban_reason: null,
      },
      {
        steamid: STEAM64(1003),
        ip: null,
        length: 1800,
        admin_id: alice,
        admin_name: 'Alice',
        server_id: dust2,
        unbanned_at: null,
        unban_reason: null,
      },
      {
        steamid: STEAM64(1005),
        ip: null,
        length: null,
        admin_id: alice,
        admin_name: 'Alice',
        server_id: dust2,
        unbanned_at: NOW - HOUR,
        unban_reason: 'Lifted in AMXBans',
      },
      {
        steamid: null,
        ip: '198.51.100.8',
        length: null,
        admin_id: alice,
        admin_name: 'Alice',
        server_id: null,
        unbanned_at: null,
        unban_reason: null,
      },
    ]);
    expect(summary.skippedCount(AMX_KIND.bans, AMX_REASON.noTarget)).toBe(1);
    expect(summary.remarkCount(AMX_KIND.bans, AMX_REMARK.unknownServer)).toBe(1);
    expect(summary.remarkCount(AMX_KIND.bans, AMX_REMARK.lifted)).toBe(1);

    // No password or e-mail address from AMXBans is anywhere in Outpost's database.
    const tables = await db.introspection.getTables();
    for (const table of tables) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
      const text = JSON.stringify(rows.rows);
      expect(text, table.name).not.toContain(SECRET_PASSWORD);
      expect(text, table.name).not.toContain(SECRET_EMAIL);
    }

    const again = await runImport();
    expect(again.totalImported()).toBe(0);
  });
});
