import { DEFAULT_REPORT_GROUP_WINDOW_HOURS } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { toJsonColumn } from '../../../db/json-column';
import type { PlayersBansNotesTables } from '../tables';

// Reports brought in from another system (the SourceBans++ importer's submissions): they
// keep the old system's times and outcome, so they do not pass the filing gate (rate limit,
// reason list) nor notify anyone, and each run groups only among its own rows: an Outpost
// group already in the queue is never changed by an import.

export interface ImportedReport {
  /** SteamID64. */
  target: string;
  targetName: string | null;
  reporterName: string;
  reason: string;
  details: string;
  serverId: string | null;
  createdAt: number;
  /** Null: still open. */
  outcome: {
    resolution: 'ban' | 'dismiss';
    byId: string | null;
    byName: string | null;
    /** Staff-only text kept with the group (the old system's archive state and comments). */
    comment: string | null;
  } | null;
}

/**
 * Inserts the reports (one transaction, the caller's) and answers each one's new id, in order.
 * Open reports against one player less than the default window apart share a group; a
 * resolved one is its own group, resolved as the old system left it.
 */
export async function insertImportedReports(
  db: Kysely<PlayersBansNotesTables>,
  reports: readonly ImportedReport[],
): Promise<number[]> {
  const window = DEFAULT_REPORT_GROUP_WINDOW_HOURS * 3600;
  const openGroups = new Map<string, { id: number; last: number }>();
  const order = reports
    .map((report, index) => ({ report, index }))
    .sort((a, b) => a.report.createdAt - b.report.createdAt);
  const ids: number[] = new Array(reports.length);
  for (const { report, index } of order) {
    const open = report.outcome === null ? openGroups.get(report.target) : undefined;
    let groupId: number;
    if (open && report.createdAt - open.last <= window) {
      groupId = open.id;
      open.last = report.createdAt;
      await db
        .updateTable('player_report_groups')
        .set((eb) => ({ report_count: eb('report_count', '+', 1), last_report_at: report.createdAt }))
        .where('id', '=', groupId)
        .execute();
    } else {
      const created = await db
        .insertInto('player_report_groups')
        .values({
          target_steamid: report.target,
          target_name: report.targetName,
          status: report.outcome ? 'resolved' : 'open',
          report_count: 1,
          first_report_at: report.createdAt,
          last_report_at: report.createdAt,
          claimed_by_id: report.outcome?.byId ?? null,
          claimed_by_name: report.outcome?.byName ?? null,
          claimed_at: report.outcome ? report.createdAt : null,
          resolution: report.outcome?.resolution ?? null,
          resolved_by_id: report.outcome?.byId ?? null,
          resolved_by_name: report.outcome?.byName ?? null,
          resolved_at: report.outcome ? report.createdAt : null,
          ban_id: null,
          note_id: null,
          comment: report.outcome?.comment ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      groupId = Number(created.id);
      if (!report.outcome) openGroups.set(report.target, { id: groupId, last: report.createdAt });
    }
    const inserted = await db
      .insertInto('player_reports')
      .values({
        group_id: groupId,
        source: 'web',
        reporter_id: null,
        reporter_steamid: null,
        reporter_name: report.reporterName.slice(0, 100),
        reason: report.reason.slice(0, 100),
        details: report.details,
        evidence: toJsonColumn([]),
        server_id: report.serverId,
        created_at: report.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[index] = Number(inserted.id);
  }
  return ids;
}
