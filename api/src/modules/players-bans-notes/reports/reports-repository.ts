import {
  type MyReport,
  RECENT_PLAYERS_WINDOW_SECONDS,
  type RecentPlayer,
  type Report,
  type ReportGroup,
} from '@outpost/contracts';
import type { Kysely, Selectable } from 'kysely';
import { fromJsonColumn } from '../../../db/json-column';
import type { PlayerReportGroupsTable, PlayerReportsTable, PlayersBansNotesTables } from '../tables';

// Reads of reports: the staff queue (groups with their reports), a reporter's own list and
// the recent players of a server the report form offers.

type Db = Kysely<PlayersBansNotesTables>;
export type ReportGroupRow = Selectable<PlayerReportGroupsTable>;
type ReportRow = Selectable<PlayerReportsTable>;

function toReport(row: ReportRow, serverNames: Map<string, string>): Report {
  return {
    id: Number(row.id),
    groupId: Number(row.group_id),
    source: row.source,
    reporterId: row.reporter_id,
    reporterSteamid: row.reporter_steamid,
    reporterName: row.reporter_name,
    reason: row.reason,
    details: row.details,
    evidence: fromJsonColumn<string[]>(row.evidence, []),
    serverId: row.server_id,
    serverName: row.server_id ? (serverNames.get(row.server_id) ?? null) : null,
    createdAt: Number(row.created_at),
  };
}

function toGroup(row: ReportGroupRow, reports: Report[]): ReportGroup {
  return {
    id: Number(row.id),
    targetSteamid: row.target_steamid,
    targetName: row.target_name,
    status: row.status,
    reportCount: Number(row.report_count),
    reasons: [...new Set(reports.map((report) => report.reason))],
    firstReportAt: Number(row.first_report_at),
    lastReportAt: Number(row.last_report_at),
    claimedById: row.claimed_by_id,
    claimedByName: row.claimed_by_name,
    claimedAt: row.claimed_at === null ? null : Number(row.claimed_at),
    resolution: row.resolution,
    resolvedById: row.resolved_by_id,
    resolvedByName: row.resolved_by_name,
    resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
    banId: row.ban_id === null ? null : Number(row.ban_id),
    noteId: row.note_id === null ? null : Number(row.note_id),
    comment: row.comment,
    reports,
  };
}

export async function findGroupRow(db: Db, id: number): Promise<ReportGroupRow | undefined> {
  return db.selectFrom('player_report_groups').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One group as staff see it, or null (the Discord staff channel's message about it). */
export async function findGroup(db: Db, id: number, serverNames: Map<string, string>): Promise<ReportGroup | null> {
  const row = await findGroupRow(db, id);
  return row ? ((await groupViews(db, [row], serverNames))[0] ?? null) : null;
}

/** Groups as staff see them, each with all its reports (oldest first). */
export async function groupViews(db: Db, rows: ReportGroupRow[], serverNames: Map<string, string>) {
  if (rows.length === 0) return [];
  const reports = await db
    .selectFrom('player_reports')
    .selectAll()
    .where(
      'group_id',
      'in',
      rows.map((row) => Number(row.id)),
    )
    .orderBy('id')
    .execute();
  const byGroup = new Map<number, Report[]>();
  for (const report of reports) {
    const list = byGroup.get(Number(report.group_id)) ?? [];
    list.push(toReport(report, serverNames));
    byGroup.set(Number(report.group_id), list);
  }
  return rows.map((row) => toGroup(row, byGroup.get(Number(row.id)) ?? []));
}

/**
 * The queue: open groups oldest first (the longest waiting on top); resolved ones most
 * recently resolved first.
 */
export async function listGroups(
  db: Db,
  filter: { status: 'open' | 'resolved' | 'all'; claimed: 'any' | 'me' | 'none'; userId: string; limit: number },
): Promise<ReportGroupRow[]> {
  let query = db.selectFrom('player_report_groups').selectAll();
  if (filter.status !== 'all') query = query.where('status', '=', filter.status);
  if (filter.claimed === 'me') query = query.where('claimed_by_id', '=', filter.userId);
  if (filter.claimed === 'none') query = query.where('claimed_by_id', 'is', null);
  query =
    filter.status === 'open'
      ? query.orderBy('first_report_at').orderBy('id')
      : query.orderBy('status').orderBy('resolved_at', 'desc').orderBy('first_report_at').orderBy('id');
  return query.limit(filter.limit).execute();
}

export async function countOpenGroups(db: Db): Promise<number> {
  const row = await db
    .selectFrom('player_report_groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The reports a user filed (as an account or as their Steam id in game), newest first. */
export async function myReports(db: Db, user: { id: string; steamid: string | null }, limit = 50): Promise<MyReport[]> {
  const rows = await db
    .selectFrom('player_reports')
    .innerJoin('player_report_groups', 'player_report_groups.id', 'player_reports.group_id')
    .select([
      'player_reports.id',
      'player_reports.reason',
      'player_reports.created_at',
      'player_report_groups.target_steamid',
      'player_report_groups.target_name',
      'player_report_groups.status',
    ])
    .where((eb) =>
      user.steamid
        ? eb.or([
            eb('player_reports.reporter_id', '=', user.id),
            eb('player_reports.reporter_steamid', '=', user.steamid),
          ])
        : eb('player_reports.reporter_id', '=', user.id),
    )
    .orderBy('player_reports.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    targetSteamid: row.target_steamid,
    targetName: row.target_name,
    reason: row.reason,
    createdAt: Number(row.created_at),
    status: row.status === 'open' ? 'open' : 'reviewed',
  }));
}

/** Reports filed by this reporter (account or Steam id) since `since`, and the oldest of them. */
export async function reportsSince(
  db: Db,
  reporter: { id: string | null; steamid: string | null },
  since: number,
): Promise<{ count: number; oldest: number | null }> {
  const row = await db
    .selectFrom('player_reports')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('created_at', '>=', since)
    .where((eb) => {
      const who = [];
      if (reporter.id) who.push(eb('reporter_id', '=', reporter.id));
      if (reporter.steamid) who.push(eb('reporter_steamid', '=', reporter.steamid));
      return eb.or(who);
    })
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest === null ? null : Number(row.oldest) };
}

/** Who played on a server in the last few hours (the plugin's connect/disconnect events), on now first. */
export async function recentPlayers(db: Db, serverId: string, now: number, excludeSteamid: string | null) {
  let query = db
    .selectFrom('player_servers')
    .innerJoin('players', 'players.steamid', 'player_servers.steamid')
    .select(['players.steamid', 'players.name', 'player_servers.connected_at', 'player_servers.last_seen'])
    .where('player_servers.server_id', '=', serverId)
    .where((eb) =>
      eb.or([
        // Still connected (a crashed server never sent the disconnect: a day at most).
        eb('player_servers.connected_at', '>=', now - 86400),
        eb('player_servers.last_seen', '>=', now - RECENT_PLAYERS_WINDOW_SECONDS),
      ]),
    );
  if (excludeSteamid) query = query.where('players.steamid', '!=', excludeSteamid);
  const rows = await query.orderBy('player_servers.last_seen', 'desc').limit(100).execute();
  const players: RecentPlayer[] = rows.map((row) => ({
    steamid: row.steamid,
    name: row.name || row.steamid,
    online: row.connected_at !== null,
    lastSeen: Number(row.last_seen),
  }));
  return players.sort((a, b) => Number(b.online) - Number(a.online) || b.lastSeen - a.lastSeen);
}
