import {
  type BanScope,
  type BanType,
  type MyReport,
  REPORT_RATE_WINDOW_SECONDS,
  type ReportSettings,
  steamIdForms,
} from '@outpost/contracts';
import { type Kysely, sql } from 'kysely';
import { toJsonColumn } from '../../../db/json-column';
import { isSqlite } from '../../../db/schema-helpers';
import { nowSeconds } from '../../../lib/clock';
import { raiseCommunityEvent } from '../../../lib/community-events';
import { eventBus } from '../../../lib/event-bus';
import { HttpError } from '../../../lib/http-error';
import { type Actor, accountsService } from '../../accounts';
import { auditService } from '../../audit';
import { metaService } from '../../meta';
import { notificationsService } from '../../notifications';
import { serversService } from '../../servers';
import type { BanRow } from '../bans';
import { createBan, raiseBanEvent } from '../bans';
import { createNote } from '../notes';
import { playerNames } from '../players';
import type { PlayersBansNotesTables } from '../tables';
import { findGroupRow, type ReportGroupRow, reportsSince } from './reports-repository';

// Writes to reports: filing (from the site or a game server), claiming and resolving. A
// resolution creates its ban or note through the bans/notes services (their audit lines,
// their game-server effect) and marks every report of the group, in one transaction.

type Db = Kysely<PlayersBansNotesTables>;

export const REPORTS_QUEUE_PATH = '/admin/reports';

export interface NewReport {
  source: 'web' | 'game';
  reporter: { id: string | null; steamid: string | null; name: string };
  /** SteamID64. */
  target: string;
  /** The name the game server saw (game reports); the players table's name wins. */
  targetName?: string | null;
  reason: string;
  details: string;
  evidence: string[];
  serverId: string | null;
}

/** The configured reason matching `reason` in any case, or a 400 naming the list. */
export function canonicalReason(settings: ReportSettings, reason: string): string {
  const wanted = reason.trim().toLowerCase();
  const match = settings.reasons.find((candidate) => candidate.toLowerCase() === wanted);
  if (!match)
    throw new HttpError(400, 'UNKNOWN_REASON', `The reason must be one of: ${settings.reasons.join(', ')}`, {
      reasons: settings.reasons,
    });
  return match;
}

/**
 * The gate every report passes before anything is stored: nobody reports themselves, and a
 * reporter (an account, or a Steam id in game) files at most reportsPerWindow in any 10
 * minutes (counted from the stored reports, so it holds across instances and restarts).
 */
async function assertMayReport(db: Db, settings: ReportSettings, input: NewReport, now: number): Promise<void> {
  if (input.reporter.steamid === input.target) throw new HttpError(400, 'SELF_REPORT', 'You cannot report yourself');
  if (input.reporter.id) {
    const targetAccount = await accountsService.findUserBySteamId(db, input.target);
    if (targetAccount?.id === input.reporter.id) throw new HttpError(400, 'SELF_REPORT', 'You cannot report yourself');
  }
  const since = now - REPORT_RATE_WINDOW_SECONDS;
  const { count, oldest } = await reportsSince(db, input.reporter, since);
  if (count >= settings.reportsPerWindow) {
    const retryAfter = Math.max(1, (oldest ?? now) + REPORT_RATE_WINDOW_SECONDS - now);
    throw new HttpError(
      429,
      'REPORTING_TOO_FAST',
      `You can file at most ${settings.reportsPerWindow} reports in 10 minutes. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
      { reportsPerWindow: settings.reportsPerWindow, retryAfter },
    );
  }
}

/** Files a report: joins the target's open group when its last report is within the window. */
export async function fileReport(db: Db, input: NewReport): Promise<{ report: MyReport; groupId: number }> {
  const settings = (await metaService.readSiteSettings(db)).reports;
  const reason = canonicalReason(settings, input.reason);
  const now = nowSeconds();
  await assertMayReport(db, settings, input, now);
  const knownName = (await playerNames(db, [input.target])).get(input.target) ?? null;
  const targetName = knownName ?? input.targetName ?? null;
  const windowStart = now - settings.groupWindowHours * 3600;

  const { id, groupId, reportCount } = await db.transaction().execute(async (trx) => {
    // Two reports on one player at once must land in one group: serialise per target.
    // (SQLite runs one write transaction at a time already.)
    if (!isSqlite(trx))
      await sql`select pg_advisory_xact_lock(hashtext(${`player-report:${input.target}`}))`.execute(trx);
    const open = await trx
      .selectFrom('player_report_groups')
      .select(['id', 'report_count'])
      .where('target_steamid', '=', input.target)
      .where('status', '=', 'open')
      .where('last_report_at', '>=', windowStart)
      .orderBy('last_report_at', 'desc')
      .executeTakeFirst();
    const group =
      open ??
      (await trx
        .insertInto('player_report_groups')
        .values({
          target_steamid: input.target,
          target_name: targetName,
          status: 'open',
          report_count: 0,
          first_report_at: now,
          last_report_at: now,
          claimed_by_id: null,
          claimed_by_name: null,
          claimed_at: null,
          resolution: null,
          resolved_by_id: null,
          resolved_by_name: null,
          resolved_at: null,
          ban_id: null,
          note_id: null,
          comment: null,
        })
        .returning(['id', 'report_count'])
        .executeTakeFirstOrThrow());
    const groupId = Number(group.id);
    const inserted = await trx
      .insertInto('player_reports')
      .values({
        group_id: groupId,
        source: input.source,
        reporter_id: input.reporter.id,
        reporter_steamid: input.reporter.steamid,
        reporter_name: input.reporter.name.slice(0, 100),
        reason,
        details: input.details,
        evidence: toJsonColumn(input.evidence),
        server_id: input.serverId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('player_report_groups')
      .set((eb) => ({
        report_count: eb('report_count', '+', 1),
        last_report_at: now,
        ...(targetName ? { target_name: targetName } : {}),
      }))
      .where('id', '=', groupId)
      .execute();
    return { id: Number(inserted.id), groupId, reportCount: Number(group.report_count) + 1 };
  });

  const shownTarget = targetName ?? steamIdForms(input.target).steam2;
  const serverName = input.serverId ? ((await serversService.serverNameMap(db)).get(input.serverId) ?? null) : null;
  raiseCommunityEvent(db, {
    kind: 'report.filed',
    key: `report.filed:${id}`,
    title: `Report: ${shownTarget} (${steamIdForms(input.target).steam2})`,
    // The reporter's own words stay in the queue: a webhook channel may be public.
    text: reportCount > 1 ? `${reportCount} reports against this player are waiting.` : '',
    fields: [
      { name: 'Reason', value: reason },
      ...(serverName ? [{ name: 'Server', value: serverName }] : []),
      { name: 'Filed', value: input.source === 'game' ? 'in game' : 'on the site' },
    ],
    path: `${REPORTS_QUEUE_PATH}?group=${groupId}`,
    at: now,
  });

  eventBus(db).emit('staff-item.changed', { kind: 'report', id: groupId });
  return {
    report: { id, targetSteamid: input.target, targetName, reason, createdAt: now, status: 'open' },
    groupId,
  };
}

function who(row: ReportGroupRow): string {
  return row.target_name ?? steamIdForms(row.target_steamid).steam2;
}

/** Takes an open group (force: from someone else). 409 when resolved or held by another. */
export async function claimGroup(db: Db, row: ReportGroupRow, actor: Actor & { id: string }, force: boolean) {
  if (row.status !== 'open') throw new HttpError(409, 'REPORT_RESOLVED', 'This report was already resolved');
  if (row.claimed_by_id === actor.id) return;
  if (row.claimed_by_id && !force)
    throw new HttpError(409, 'REPORT_CLAIMED', `${row.claimed_by_name ?? 'Someone'} is already working on this report`);
  const result = await db
    .updateTable('player_report_groups')
    .set({ claimed_by_id: actor.id, claimed_by_name: actor.name, claimed_at: nowSeconds() })
    .where('id', '=', row.id)
    .where('status', '=', 'open')
    .where((eb) =>
      row.claimed_by_id === null ? eb('claimed_by_id', 'is', null) : eb('claimed_by_id', '=', row.claimed_by_id),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0)
    throw new HttpError(409, 'REPORT_CHANGED', 'This report changed meanwhile; reload and try again');
  await auditService.writeAudit(db, {
    ...auditService.auditActor(actor),
    target: row.target_steamid,
    targetName: row.target_name,
    message: `${row.claimed_by_id ? `took over report #${row.id} from ${row.claimed_by_name}` : `claimed report #${row.id}`} against ${who(row)}${actor.via ? ` via ${actor.via}` : ''}`,
  });
  eventBus(db).emit('staff-item.changed', { kind: 'report', id: Number(row.id) });
}

/** Gives a claimed group back to the queue (only its claimer). */
export async function releaseGroup(db: Db, row: ReportGroupRow, actor: Actor & { id: string }) {
  if (row.status !== 'open') throw new HttpError(409, 'REPORT_RESOLVED', 'This report was already resolved');
  if (row.claimed_by_id !== actor.id)
    throw new HttpError(409, 'REPORT_NOT_YOURS', 'Only the staff member working on this report can release it');
  await db
    .updateTable('player_report_groups')
    .set({ claimed_by_id: null, claimed_by_name: null, claimed_at: null })
    .where('id', '=', row.id)
    .where('claimed_by_id', '=', actor.id)
    .execute();
  await auditService.writeAudit(db, {
    ...auditService.auditActor(actor),
    target: row.target_steamid,
    targetName: row.target_name,
    message: `released report #${row.id} against ${who(row)}`,
  });
  eventBus(db).emit('staff-item.changed', { kind: 'report', id: Number(row.id) });
}

export type Resolution =
  | { action: 'ban'; type: BanType; reason: string; length: number | null; scope?: BanScope }
  | { action: 'note'; body: string; isPublic: boolean }
  | { action: 'dismiss'; comment: string };

/**
 * Resolves every report of the group in one step: the group is marked first (a second
 * resolver gets 409 and creates nothing), the ban or note is created through its service
 * in the same transaction, then the reporters are told it was reviewed.
 */
export async function resolveGroup(
  db: Db,
  row: ReportGroupRow,
  resolution: Resolution,
  actor: Actor & { id: string },
): Promise<void> {
  if (row.status !== 'open') throw new HttpError(409, 'REPORT_RESOLVED', 'This report was already resolved');
  if (row.claimed_by_id && row.claimed_by_id !== actor.id)
    throw new HttpError(
      409,
      'REPORT_CLAIMED',
      `${row.claimed_by_name ?? 'Someone'} is working on this report; take it over first`,
    );
  const now = nowSeconds();
  let banned: BanRow | null = null;
  await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('player_report_groups')
      .set({
        status: 'resolved',
        resolution: resolution.action,
        resolved_by_id: actor.id,
        resolved_by_name: actor.name,
        resolved_at: now,
        claimed_by_id: actor.id,
        claimed_by_name: actor.name,
        claimed_at: row.claimed_at ?? now,
        comment: resolution.action === 'dismiss' && resolution.comment ? resolution.comment : null,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0)
      throw new HttpError(409, 'REPORT_RESOLVED', 'This report was already resolved');
    let outcome = 'dismissed it';
    if (resolution.action === 'ban') {
      const ban = await createBan(
        trx,
        {
          type: resolution.type,
          steamid: row.target_steamid,
          playerName: row.target_name,
          reason: resolution.reason,
          length: resolution.length,
          scope: resolution.scope,
        },
        actor,
      );
      await trx.updateTable('player_report_groups').set({ ban_id: ban.id }).where('id', '=', row.id).execute();
      outcome = `ban #${ban.id}`;
      banned = ban;
    } else if (resolution.action === 'note') {
      const noteId = await createNote(
        trx,
        { steamid: row.target_steamid, body: resolution.body, isPublic: resolution.isPublic },
        actor,
      );
      await trx.updateTable('player_report_groups').set({ note_id: noteId }).where('id', '=', row.id).execute();
      outcome = `note #${noteId}`;
    }
    await auditService.writeAudit(trx, {
      ...auditService.auditActor(actor),
      target: row.target_steamid,
      targetName: row.target_name,
      message: `resolved report #${row.id} against ${who(row)} (${row.report_count} report(s)): ${outcome}${actor.via ? ` via ${actor.via}` : ''}`,
    });
  });
  // createBan stays quiet inside a transaction: the webhooks hear of the ban once it is committed.
  if (banned) await raiseBanEvent(db, 'ban.created', banned);
  eventBus(db).emit('staff-item.changed', { kind: 'report', id: Number(row.id) });
  await notifyReporters(db, row, resolution.action !== 'dismiss');
}

/** Each reporter with an account hears that their report was reviewed, and only whether action was taken. */
async function notifyReporters(db: Db, row: ReportGroupRow, actionTaken: boolean): Promise<void> {
  const reporters = await db
    .selectFrom('player_reports')
    .select(['reporter_id', 'reporter_steamid'])
    .where('group_id', '=', row.id)
    .execute();
  const userIds = new Set<string>();
  for (const reporter of reporters) {
    if (reporter.reporter_id) userIds.add(reporter.reporter_id);
    else if (reporter.reporter_steamid) {
      const account = await accountsService.findUserBySteamId(db, reporter.reporter_steamid);
      if (account) userIds.add(account.id);
    }
  }
  await notificationsService.createNotificationForUsers(db, [...userIds], {
    level: actionTaken ? 2 : 1,
    words: {
      key: actionTaken ? 'notifications.report.reviewed.action' : 'notifications.report.reviewed.none',
      params: { player: who(row) },
    },
    link: '/reports/new',
  });
}

export async function reloadGroup(db: Db, id: number): Promise<ReportGroupRow> {
  const row = await findGroupRow(db, id);
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'No report has this id');
  return row;
}
