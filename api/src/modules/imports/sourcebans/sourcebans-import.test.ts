import { describe, expect, it } from 'vitest';
import { importTestKit } from '../../../test-support/import-test-kit';
import {
  createSourceBansDatabase,
  protestCommentRow,
  submissionCommentRow,
  submissionRow,
} from '../../../test-support/sourcebans-fixture';
import { testDatabases } from '../../../test-support/test-databases';
import { accountsService } from '../../accounts';
import { importsService } from '..';
import { KIND, REASON, REMARK } from './sourcebans-import';
import { ban, counts, DAY, fill, NOW, STEAM64, UTF8_NAME } from './sourcebans-import-fixture';
import { PROTEST_REASON, PROTEST_REMARK } from './sourcebans-protests';
import { SUBMISSION_REASON } from './sourcebans-submissions';

// The importer against a real SourceBans++ database on the loopback MariaDB, into a real
// Outpost database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set). The source's
// content is in sourcebans-import-fixture.ts.

describe.each(testDatabases())('SourceBans++ import into $name', (kind) => {
  const kit = importTestKit(kind, () => createSourceBansDatabase({ charset: 'latin1' }), fill);

  async function runImport() {
    const source = await importsService.openSourceBans(kit.source.url, kit.source.prefix);
    try {
      return await importsService.importSourceBans(kit.outpost.db, source, { batchSize: 4 });
    } finally {
      await source.close();
    }
  }

  it('imports servers, roles, admins, bans, comm blocks and comments, then a second run imports nothing', async () => {
    const { db } = kit.outpost;
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
      // Given on SourceBans++ server 1: held to the server it maps to (issue 25 item 3).
      scope_kind: 'server',
      scope_id: servers[0]!.id,
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
      // Its server is gone from SourceBans++: kept for every server, the remark says so.
      scope_kind: 'community',
      scope_id: null,
    });
    expect(byReason.get('reason 8')!.player_name).toBe('Müller');
    expect(byReason.get('reason 9')!.player_name).toBe(UTF8_NAME);
    expect(byReason.get('reason 10')).toMatchObject({ unbanned_at: NOW - 60, unban_reason: 'Deleted in SourceBans++' });
    expect(byReason.get('reason 11')).toMatchObject({
      admin_id: null,
      admin_name: 'Console',
      server_id: null,
      scope_kind: 'community',
      scope_id: null,
    });
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
    await kit.source.insert('bans', [ban(12, { authid: 'STEAM_0:1:500', reason: 'new one' })]);
    await kit.source.insert('admins', [
      { aid: 5, user: 'carol', authid: 'STEAM_1:1:5005', gid: -1, srv_group: 'Moderators', srv_flags: '', immunity: 5 },
    ]);
    // A new admin comment on a protest imported last time joins its appeal.
    await kit.source.insert('comments', [
      protestCommentRow(7, 1, { aid: 1, commenttxt: 'demo checked', added: NOW - 10 }),
    ]);
    // A new submission comes over; a new comment on a submission imported last time does not
    // change the imported report (and the summary says why).
    await kit.source.insert('submissions', [submissionRow(7, { SteamId: 'STEAM_0:0:81', submitted: NOW - 5 })]);
    await kit.source.insert('comments', [submissionCommentRow(23, 1, { aid: 1, commenttxt: 'late comment' })]);
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
        const summary = await importsService.importSourceBans(kit.outpost.db, source);
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
