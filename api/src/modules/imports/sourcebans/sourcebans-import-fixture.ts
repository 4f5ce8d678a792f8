import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import {
  protestCommentRow,
  protestRow,
  type SourceBansDatabase,
  submissionCommentRow,
  submissionRow,
} from '../../../test-support/sourcebans-fixture';

// The SourceBans++ database the importer test reads (sourcebans-import.test.ts), and the row
// counts it compares in Outpost.

export const NOW = Math.floor(Date.now() / 1000);
export const DAY = 86400;
export const STEAM64 = (account: number) => (76561197960265728n + BigInt(account)).toString();

// Names stored as raw bytes in latin1 tables, as old installs hold them: one written as
// UTF-8 by a game server, one as latin1 ("Müller").
export const UTF8_NAME = 'Jürgen ☃';
export const LATIN1_BYTES = Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]);

export function ban(bid: number, values: Record<string, unknown>): Record<string, unknown> {
  return {
    bid,
    ip: null,
    authid: '',
    name: `player ${bid}`,
    created: NOW - DAY,
    ends: NOW - DAY,
    length: 0,
    reason: `reason ${bid}`,
    aid: 1,
    sid: 1,
    RemovedBy: null,
    RemoveType: null,
    RemovedOn: null,
    type: 0,
    ureason: null,
    ...values,
  };
}

export function comm(bid: number, values: Record<string, unknown>): Record<string, unknown> {
  const { ip: _ip, ...row } = ban(bid, values);
  return row;
}

export async function fill(sb: SourceBansDatabase): Promise<void> {
  await sb.insert('mods', [
    { mid: 1, name: 'Team Fortress 2', modfolder: 'tf' },
    { mid: 2, name: 'Left 4 Dead 2', modfolder: 'left4dead2' },
  ]);
  await sb.insert('servers', [
    { sid: 1, ip: '192.0.2.10', port: 27015, rcon: 'secret-rcon', modid: 1 },
    { sid: 2, ip: '192.0.2.11', port: 27016, rcon: '', modid: 1 },
  ]);
  await sb.insert('srvgroups', [
    { id: 1, flags: 'z', immunity: 100, name: 'Full admins' },
    { id: 2, flags: 'bcdfg', immunity: 20, name: 'Moderators' },
  ]);
  await sb.insert('groups', [
    { gid: 1, type: 1, name: 'Web owners', flags: 16777216 },
    { gid: 2, type: 3, name: 'All servers', flags: 0 },
  ]);
  await sb.insert('admins', [
    { aid: 0, user: 'CONSOLE', authid: 'STEAM_ID_SERVER', gid: -1, srv_group: null, srv_flags: null, immunity: 0 },
    {
      aid: 1,
      user: 'alice',
      authid: 'STEAM_0:1:1001',
      gid: 1,
      srv_group: 'Full admins',
      srv_flags: 'z',
      immunity: 100,
      extraflags: 2 ** 8 + 2 ** 10, // add bans; edit own bans (no Outpost equivalent)
    },
    { aid: 2, user: 'bob', authid: 'STEAM_1:0:2002', gid: -1, srv_group: null, srv_flags: 'bcd', immunity: 10 },
    { aid: 3, user: 'broken', authid: 'STEAM_X:9', gid: -1, srv_group: null, srv_flags: 'b', immunity: 0 },
    {
      aid: 4,
      user: 'already-here',
      authid: 'STEAM_0:0:4004',
      gid: 1,
      srv_group: 'Moderators',
      srv_flags: 'z',
      immunity: 99,
    },
  ]);
  await sb.insert('admins_servers_groups', [{ admin_id: 2, group_id: 2, srv_group_id: -1, server_id: 1 }]);
  await sb.insert('bans', [
    ban(1, { authid: 'STEAM_0:0:11', length: 0, ends: 0, ip: '203.0.113.1' }), // permanent, active
    ban(2, {
      authid: 'STEAM_0:0:12',
      created: NOW - 10 * DAY,
      length: 3600,
      ends: NOW - 10 * DAY + 3600,
      RemoveType: 'E',
      RemovedOn: NOW - 10 * DAY + 3600,
    }),
    ban(3, {
      authid: 'STEAM_0:1:13',
      length: 7 * DAY,
      RemovedBy: 2,
      RemoveType: 'U',
      RemovedOn: NOW - 3600,
      ureason: 'appeal accepted',
    }),
    ban(4, { type: 1, ip: '198.51.100.4', authid: '', length: 0 }), // IP-only
    ban(5, { authid: 'STEAM_1:1:55', aid: 99, sid: 7, length: 30 * DAY }), // admin and server deleted
    ban(6, { authid: 'STEAM_0:1:abc' }), // malformed
    ban(7, { type: 1, ip: '', authid: '' }), // IP ban without IP
    ban(8, { authid: 'STEAM_0:0:18', name: LATIN1_BYTES }),
    ban(9, { authid: 'STEAM_0:1:19', name: Buffer.from(UTF8_NAME, 'utf8') }),
    ban(10, { authid: 'STEAM_0:0:20', RemovedBy: 1, RemoveType: 'D', RemovedOn: NOW - 60 }),
    ban(11, { authid: 'STEAM_0:0:21', aid: 0, sid: 0 }), // by the console, from the web panel
  ]);
  await sb.insert('comms', [
    comm(1, { authid: 'STEAM_0:0:31', type: 1 }),
    comm(2, { authid: 'STEAM_1:1:32', type: 2, length: 3600, created: NOW - 60, ends: NOW + 3540 }),
    comm(3, { authid: 'STEAM_0:0:33', type: 3, RemovedBy: 1, RemoveType: 'U', RemovedOn: NOW - 5, ureason: 'ok' }),
    comm(4, { authid: 'STEAM_0:0:34', type: 9 }),
    comm(5, { authid: 'STEAM_0:0:35', type: 1, length: -1 }),
  ]);
  await sb.insert('comments', [
    { cid: 1, bid: 1, type: 'B', aid: 1, commenttxt: 'caught on demo', added: NOW - 100 },
    { cid: 2, bid: 4, type: 'B', aid: 1, commenttxt: 'shared IP?', added: NOW - 90 },
    { cid: 3, bid: 6, type: 'B', aid: 2, commenttxt: 'about a malformed row', added: NOW - 80 },
    { cid: 4, bid: 2, type: 'C', aid: 2, commenttxt: 'spamming the mic', added: NOW - 70 },
    protestCommentRow(5, 1, { aid: 1, commenttxt: 'on a protest', added: NOW - 60 }),
    protestCommentRow(6, 99, { aid: 2, commenttxt: 'on a protest that is not there' }),
  ]);
  await sb.insert('notes', [
    { nid: 1, steam_id: 'STEAM_1:0:11', aid: 2, body: 'watch this one', created: NOW - 50 },
    { nid: 2, steam_id: 'not-a-steam-id', aid: 2, body: 'lost', created: NOW - 40 },
  ]);
  await sb.insert('protests', [
    protestRow(1, { bid: 1, datesubmitted: NOW - 500, reason: 'I did not cheat', email: 'a@example.com' }),
    protestRow(2, { bid: 5, datesubmitted: NOW - 400, reason: 'please', email: 'b@example.com' }),
    protestRow(3, { bid: 4, datesubmitted: NOW - 300 }), // on an IP-only ban
    protestRow(4, { bid: 6, datesubmitted: NOW - 300 }), // its ban (malformed) was not imported
    protestRow(5, { bid: 3, datesubmitted: NOW - 7200, archiv: 4, archivedby: 2 }), // the ban was lifted
    protestRow(6, { bid: 1, datesubmitted: NOW - 200, reason: LATIN1_BYTES }), // a second open one of ban 1
    protestRow(7, { bid: 2, datesubmitted: NOW - 100 }), // open, but the ban expired long ago
  ]);
  await sb.insert('submissions', [
    // Two waiting reports of one player (STEAM_0 and STEAM_1 forms): one queue row.
    submissionRow(1, { SteamId: 'STEAM_0:0:77', name: 'cheater', reason: 'aimbot', submitted: NOW - 300 }),
    submissionRow(2, { SteamId: 'STEAM_1:0:77', name: 'cheater', reason: 'wallhack', submitted: NOW - 200 }),
    submissionRow(3, { SteamId: 'STEAM_0:1:78', archiv: 1, archivedby: 1, submitted: NOW - 900 }), // archived
    submissionRow(4, { SteamId: 'STEAM_0:0:79', archiv: 3, archivedby: 2, server: 9, submitted: NOW - 50 }), // banned; server gone
    submissionRow(5, { SteamId: 'STEAM_ID_PENDING' }), // malformed
    submissionRow(6, { SteamId: 'STEAM_0:1:80', name: LATIN1_BYTES, subname: null, server: null, submitted: NOW - 40 }),
  ]);
  await sb.insert('comments', [
    submissionCommentRow(20, 1, { aid: 2, commenttxt: 'looking into it', added: NOW - 100 }),
    submissionCommentRow(21, 3, { aid: 1, commenttxt: 'no proof in the demo', added: NOW - 800 }),
    submissionCommentRow(22, 99, { aid: 1, commenttxt: 'on a submission that is not there' }),
  ]);
}

export async function counts(db: Kysely<Database>) {
  const count = async (
    table:
      | 'bans'
      | 'users'
      | 'roles'
      | 'user_roles'
      | 'servers'
      | 'server_groups'
      | 'notes'
      | 'ban_appeals'
      | 'ban_appeal_messages'
      | 'player_reports'
      | 'player_report_groups',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    bans: await count('bans'),
    users: await count('users'),
    roles: await count('roles'),
    userRoles: await count('user_roles'),
    servers: await count('servers'),
    groups: await count('server_groups'),
    notes: await count('notes'),
    appeals: await count('ban_appeals'),
    appealMessages: await count('ban_appeal_messages'),
    reports: await count('player_reports'),
    reportGroups: await count('player_report_groups'),
  };
}
