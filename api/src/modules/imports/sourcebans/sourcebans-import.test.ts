import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../db/database';
import { migrateToLatest } from '../../../db/migrate';
import type { Database } from '../../../db/schema';
import {
  createSourceBansDatabase,
  protestCommentRow,
  protestRow,
  type SourceBansDatabase,
  submissionCommentRow,
  submissionRow,
} from '../../../test-support/sourcebans-fixture';
import { testDatabases } from '../../../test-support/test-databases';
import { accountsService } from '../../accounts';
import { importsService } from '..';
import { KIND, REASON, REMARK } from './sourcebans-import';
import { PROTEST_REASON, PROTEST_REMARK } from './sourcebans-protests';
import { SUBMISSION_REASON } from './sourcebans-submissions';

// The importer against a real SourceBans++ database on the loopback MariaDB, into a real
// Outpost database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set).

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86400;
const STEAM64 = (account: number) => (76561197960265728n + BigInt(account)).toString();

// Names stored as raw bytes in latin1 tables, as old installs hold them: one written as
// UTF-8 by a game server, one as latin1 ("Müller").
const UTF8_NAME = 'Jürgen ☃';
const LATIN1_BYTES = Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]);

function ban(bid: number, values: Record<string, unknown>): Record<string, unknown> {
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

function comm(bid: number, values: Record<string, unknown>): Record<string, unknown> {
  const { ip: _ip, ...row } = ban(bid, values);
  return row;
}

async function fill(sb: SourceBansDatabase): Promise<void> {
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

async function counts(db: Kysely<Database>) {
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

describe.each(testDatabases())('SourceBans++ import into $name', (kind) => {
  let sb: SourceBansDatabase;
  let outpost: DatabaseHandle;
  let dropOutpost: () => Promise<void>;

  beforeEach(async () => {
    sb = await createSourceBansDatabase({ charset: 'latin1' });
    await fill(sb);
    const created = await kind.create();
    dropOutpost = created.drop;
    outpost = openDatabase(created.url);
    await migrateToLatest(outpost.db);
  });

  afterEach(async () => {
    await outpost?.close();
    await dropOutpost?.();
    await sb?.drop();
  });

  async function runImport() {
    const source = await importsService.openSourceBans(sb.url, sb.prefix);
    try {
      return await importsService.importSourceBans(outpost.db, source, { batchSize: 4 });
    } finally {
      await source.close();
    }
  }

  it('imports servers, roles, admins, bans, comm blocks and comments, then a second run imports nothing', async () => {
    const { db } = outpost;
    // An account that exists before the import: linked, never changed.
    const existingId = await accountsService.insertImportedUser(db, {
      steamid: STEAM64(2 * 4004),
      name: 'Already here',
      flags: '',
      immunity: 0,
    });

    const summary = await runImport();

    // Servers: one group of type "others", named by address, RCON kept (write-only column).
    const groups = await db.selectFrom('server_groups').selectAll().execute();
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ type: 'others', game: 'tf2', name: 'SourceBans++ servers' });
    const servers = await db.selectFrom('servers').selectAll().orderBy('port').execute();
    expect(servers.map((s) => [s.name, s.port, s.rcon_password])).toEqual([
      ['192.0.2.10:27015', 27015, 'secret-rcon'],
      ['192.0.2.11:27016', 27016, null],
    ]);
    expect(summary.importedCount(KIND.servers)).toBe(2);

    // Roles: server admin groups with flags and immunity; the web group too (no flags).
    const roles = await db.selectFrom('roles').selectAll().orderBy('name').execute();
    expect(roles.map((r) => [r.name, r.flags, r.immunity])).toEqual([
      ['Full admins', 'z', 100],
      ['Moderators', 'bcdfg', 20],
      ['Web owners (web)', '', 0],
    ]);
    // The web owner group's permissions as Outpost codes.
    expect(JSON.parse(roles[2]!.permission_codes)).toContain('bans.unban');
    expect(JSON.parse(roles[0]!.permission_codes)).toEqual([]);

    // Admins: Steam ids normalised from STEAM_0 and STEAM_1, flags, immunity, memberships.
    const alice = await accountsService.findUserBySteamId(db, STEAM64(2 * 1001 + 1));
    expect(alice).toMatchObject({ name: 'alice', flags: 'z', immunity: 100, permission_codes: '["bans.create"]' });
    const bob = await accountsService.findUserBySteamId(db, STEAM64(2 * 2002));
    expect(bob).toMatchObject({ name: 'bob', flags: 'bcd', immunity: 10 });
    const roleName = new Map(roles.map((r) => [r.id, r.name]));
    const membership = async (userId: string) =>
      (await db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute())
        .map((r) => roleName.get(r.role_id))
        .sort();
    expect(await membership(alice!.id)).toEqual(['Full admins', 'Web owners (web)']);
    // bob's group is granted on one server only: never widened to every server.
    expect(await membership(bob!.id)).toEqual([]);
    expect(summary.skippedCount(KIND.memberships, REASON.perServer)).toBe(1);
    const existing = await accountsService.findUserById(db, existingId as string);
    expect(existing).toMatchObject({ name: 'Already here', flags: '', immunity: 0 });
    expect(await membership(existingId as string)).toEqual([]);
    expect(summary.importedCount(KIND.admins)).toBe(3);
    expect(summary.remarkCount(KIND.admins, REMARK.existingUser)).toBe(1);
    expect(summary.skippedCount(KIND.admins, REASON.malformedSteamId)).toBe(1);
    expect(summary.skippedCount(KIND.admins, REASON.console)).toBe(1);

    // Bans.
    const bans = await db.selectFrom('bans').selectAll().where('type', '=', 'ban').orderBy('id').execute();
    const byReason = new Map(bans.map((b) => [b.reason, b]));
    expect(bans).toHaveLength(9);
    expect(byReason.get('reason 1')).toMatchObject({
      steamid: STEAM64(22),
      ip: null,
      length: null,
      expires_at: null,
      unbanned_at: null,
      admin_id: alice!.id,
      admin_name: 'alice',
      server_id: servers[0]!.id,
      created_at: NOW - DAY,
    });
    expect(byReason.get('reason 2')).toMatchObject({
      length: 3600,
      expires_at: NOW - 10 * DAY + 3600,
      unbanned_at: null,
    });
    expect(byReason.get('reason 3')).toMatchObject({
      unbanned_at: NOW - 3600,
      unbanned_by_id: bob!.id,
      unbanned_by_name: 'bob',
      unban_reason: 'appeal accepted',
    });
    expect(byReason.get('reason 4')).toMatchObject({ steamid: null, ip: '198.51.100.4', length: null });
    expect(byReason.get('reason 5')).toMatchObject({
      steamid: STEAM64(2 * 55 + 1),
      admin_id: null,
      admin_name: 'SourceBans++ admin #99',
      server_id: null,
      length: 30 * DAY,
    });
    expect(byReason.get('reason 8')!.player_name).toBe('Müller');
    expect(byReason.get('reason 9')!.player_name).toBe(UTF8_NAME);
    expect(byReason.get('reason 10')).toMatchObject({ unbanned_at: NOW - 60, unban_reason: 'Deleted in SourceBans++' });
    expect(byReason.get('reason 11')).toMatchObject({ admin_id: null, admin_name: 'Console', server_id: null });
    expect(summary.importedCount(KIND.bans)).toBe(9);
    expect(summary.skippedCount(KIND.bans, REASON.malformedSteamId)).toBe(1);
    expect(summary.skippedCount(KIND.bans, REASON.ipBanWithoutIp)).toBe(1);
    expect(summary.remarkCount(KIND.bans, REMARK.deletedAdmin)).toBe(1);
    expect(summary.remarkCount(KIND.bans, REMARK.deletedServer)).toBe(1);
    // A Steam-id ban's recorded IP becomes a known IP of the player, not an IP ban.
    const ips = await db.selectFrom('player_ips').selectAll().where('steamid', '=', STEAM64(22)).execute();
    expect(ips.map((row) => row.ip)).toEqual(['203.0.113.1']);

    // Comm blocks: mute, gag, silence; unknown types skipped; session blocks ended.
    const comms = await db.selectFrom('bans').selectAll().where('type', '!=', 'ban').orderBy('id').execute();
    expect(comms.map((c) => [c.type, c.steamid])).toEqual([
      ['mute', STEAM64(62)],
      ['gag', STEAM64(65)],
      ['silence', STEAM64(66)],
      ['mute', STEAM64(70)],
    ]);
    expect(comms[1]).toMatchObject({ length: 3600, expires_at: NOW + 3540 });
    expect(comms[2]).toMatchObject({ unban_reason: 'ok', unbanned_by_name: 'alice' });
    expect(comms[3]).toMatchObject({ length: 0 });
    expect(summary.skippedCount(KIND.comms, REASON.unknownCommType)).toBe(1);

    // Comments: staff-only notes on the player; IP-only and unimported targets skipped.
    const notes = await db.selectFrom('notes').selectAll().orderBy('created_at').execute();
    expect(notes.map((n) => [n.steamid, n.author_name, n.is_public])).toEqual([
      [STEAM64(22), 'alice', 0],
      [STEAM64(65), 'bob', 0],
      [STEAM64(22), 'bob', 0], // sb_notes, STEAM_1 form of the same player
    ]);
    expect(notes[2]!.body).toBe('watch this one');
    expect(summary.importedCount(KIND.notes)).toBe(1);
    expect(summary.skippedCount(KIND.notes, REASON.malformedSteamId)).toBe(1);
    expect(notes[0]!.body).toContain('caught on demo');
    expect(summary.skippedCount(KIND.comments, REASON.commentIpOnly)).toBe(1);
    expect(summary.skippedCount(KIND.comments, REASON.commentTarget)).toBe(1);

    // Protests: ban appeals of the player the ban is on; one open per ban in force, the rest
    // closed with why; the protester's e-mail and IP stay behind.
    const appeals = await db.selectFrom('ban_appeals').selectAll().orderBy('created_at').execute();
    const banOf = new Map(bans.map((b) => [b.id, b.reason]));
    expect(appeals.map((a) => [banOf.get(a.ban_id) ?? `comm ${a.ban_id}`, a.steamid, a.state, a.statement])).toEqual([
      ['reason 3', STEAM64(27), 'closed', 'protest 5'],
      ['reason 1', STEAM64(22), 'open', 'I did not cheat'],
      ['reason 5', STEAM64(2 * 55 + 1), 'open', 'please'],
      ['reason 1', STEAM64(22), 'closed', 'Müller'],
      ['reason 2', STEAM64(24), 'closed', 'protest 7'],
    ]);
    expect(appeals[0]).toMatchObject({
      decision_reason: 'Archived in SourceBans++: the ban was lifted',
      decided_by_id: bob!.id,
      decided_by_name: 'bob',
      open_ban_id: null,
      player_user_id: null,
    });
    expect(appeals[1]).toMatchObject({
      open_ban_id: appeals[1]!.ban_id,
      created_at: NOW - 500,
      player_name: 'player 1',
    });
    expect(appeals[3]!.decision_reason).toBe('Closed on import: another appeal of this ban is open');
    expect(appeals[4]!.decision_reason).toBe('Closed on import: the ban was no longer in force');
    expect(JSON.stringify(appeals)).not.toContain('example.com');
    expect(summary.importedCount(KIND.protests)).toBe(5);
    expect(summary.skippedCount(KIND.protests, PROTEST_REASON.ipOnly)).toBe(1);
    expect(summary.skippedCount(KIND.protests, PROTEST_REASON.banNotImported)).toBe(1);
    expect(summary.remarkCount(KIND.protests, PROTEST_REMARK.archived)).toBe(1);
    expect(summary.remarkCount(KIND.protests, PROTEST_REMARK.secondOpen)).toBe(1);
    expect(summary.remarkCount(KIND.protests, PROTEST_REMARK.notInForce)).toBe(1);
    // Admins' comments on protests: staff-only comments on the appeal.
    const messages = await db.selectFrom('ban_appeal_messages').selectAll().execute();
    expect(messages.map((m) => [m.appeal_id, m.author_role, m.author_name, m.body, m.internal])).toEqual([
      [appeals[1]!.id, 'staff', 'alice', 'on a protest', 1],
    ]);
    expect(summary.importedCount(KIND.protestComments)).toBe(1);
    expect(summary.skippedCount(KIND.protestComments, PROTEST_REASON.appealNotImported)).toBe(1);
    expect(summary.format()).toContain('ban appeals (protests)');

    // Submissions: player reports; two waiting ones of one player are one queue row, archived
    // ones are resolved (dismissed, or banned), the visitors' e-mails and IPs stay behind.
    const reportGroups = await db
      .selectFrom('player_report_groups')
      .selectAll()
      .orderBy('first_report_at')
      .orderBy('id')
      .execute();
    expect(
      reportGroups.map((g) => [g.target_steamid, g.status, g.report_count, g.resolution, g.resolved_by_name]),
    ).toEqual([
      [STEAM64(157), 'resolved', 1, 'dismiss', 'alice'],
      [STEAM64(154), 'open', 2, null, null],
      [STEAM64(158), 'resolved', 1, 'ban', 'bob'],
      [STEAM64(161), 'open', 1, null, null],
    ]);
    expect(reportGroups[0]!.comment).toMatch(
      /^Archived in SourceBans\+\+ without a ban\.\nalice \(\d{4}-\d\d-\d\d\): no proof in the demo$/,
    );
    expect(reportGroups[2]!.comment).toBe('Archived in SourceBans++: the player was banned.');
    expect(reportGroups[3]!.target_name).toBe('Müller');
    const reportRows = await db.selectFrom('player_reports').selectAll().orderBy('created_at').orderBy('id').execute();
    const open = reportRows.filter((r) => r.group_id === reportGroups[1]!.id);
    expect(open.map((r) => [r.reporter_name, r.reason, r.server_id !== null])).toEqual([
      ['visitor 1', 'Other', true],
      ['visitor 2', 'Other', true],
    ]);
    expect(open[0]!.details).toMatch(/^aimbot\n\nSourceBans\+\+ comments:\nbob \(.+\): looking into it$/);
    expect(reportRows.find((r) => r.group_id === reportGroups[3]!.id)?.reporter_name).toBe('SourceBans++ visitor');
    expect(JSON.stringify(reportRows)).not.toMatch(/example\.com|203\.0\.113\.21/);
    expect(summary.importedCount(KIND.submissions)).toBe(5);
    expect(summary.skippedCount(KIND.submissions, SUBMISSION_REASON.malformedSteamId)).toBe(1);
    expect(summary.remarkCount(KIND.submissions, REMARK.deletedServer)).toBe(1);
    expect(summary.importedCount(KIND.submissionComments)).toBe(2);
    expect(summary.skippedCount(KIND.submissionComments, SUBMISSION_REASON.noSubmission)).toBe(1);
    expect(summary.format()).toContain('submissions (reports)');
    expect(summary.format()).toContain('malformed Steam id');

    // One audit line for the run.
    const audit = await db.selectFrom('log_entries').selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.message).toContain('9 bans');

    // Second run: nothing new, nothing changed.
    const before = await counts(db);
    const bansBefore = await db.selectFrom('bans').selectAll().orderBy('id').execute();
    const appealsBefore = await db.selectFrom('ban_appeals').selectAll().orderBy('id').execute();
    const second = await runImport();
    expect(second.totalImported()).toBe(0);
    expect(await counts(db)).toEqual(before);
    expect(await db.selectFrom('bans').selectAll().orderBy('id').execute()).toEqual(bansBefore);
    expect(await db.selectFrom('ban_appeals').selectAll().orderBy('id').execute()).toEqual(appealsBefore);
    expect(await db.selectFrom('log_entries').selectAll().execute()).toHaveLength(1);

    // New rows in SourceBans++ come over on the next run, and only they.
    await sb.insert('bans', [ban(12, { authid: 'STEAM_0:1:500', reason: 'new one' })]);
    await sb.insert('admins', [
      { aid: 5, user: 'carol', authid: 'STEAM_1:1:5005', gid: -1, srv_group: 'Moderators', srv_flags: '', immunity: 5 },
    ]);
    // A new admin comment on a protest imported last time joins its appeal.
    await sb.insert('comments', [protestCommentRow(7, 1, { aid: 1, commenttxt: 'demo checked', added: NOW - 10 })]);
    // A new submission comes over; a new comment on a submission imported last time does not
    // change the imported report (and the summary says why).
    await sb.insert('submissions', [submissionRow(7, { SteamId: 'STEAM_0:0:81', submitted: NOW - 5 })]);
    await sb.insert('comments', [submissionCommentRow(23, 1, { aid: 1, commenttxt: 'late comment' })]);
    const reportsBefore = await db.selectFrom('player_reports').selectAll().orderBy('id').execute();
    const third = await runImport();
    expect(third.importedCount(KIND.submissions)).toBe(1);
    expect(third.skippedCount(KIND.submissionComments, SUBMISSION_REASON.earlierRun)).toBe(1);
    expect((await db.selectFrom('player_reports').selectAll().orderBy('id').execute()).slice(0, -1)).toEqual(
      reportsBefore,
    );
    expect(third.importedCount(KIND.bans)).toBe(1);
    expect(third.importedCount(KIND.admins)).toBe(1);
    expect(third.importedCount(KIND.protestComments)).toBe(1);
    expect(third.totalImported()).toBe(5); // the ban, carol, carol's membership, the comment, the submission
    expect((await counts(db)).appealMessages).toBe(before.appealMessages + 1);
    expect((await counts(db)).bans).toBe(before.bans + 1);
  });

  it('imports from a database with another table prefix', async () => {
    const other = await createSourceBansDatabase({ prefix: 'sbpp_' });
    try {
      await other.insert('bans', [ban(1, { authid: 'STEAM_0:0:1' })]);
      const source = await importsService.openSourceBans(other.url, 'sbpp_');
      try {
        const summary = await importsService.importSourceBans(outpost.db, source);
        expect(summary.importedCount(KIND.bans)).toBe(1);
        // The admin (aid 1) is not in this database: the ban keeps a placeholder name.
        expect(summary.remarkCount(KIND.bans, REMARK.deletedAdmin)).toBe(1);
      } finally {
        await source.close();
      }
    } finally {
      await other.drop();
    }
  });
});
