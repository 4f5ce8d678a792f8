import { parseSteamId } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import { type ImportedReport, playersBansNotesService } from '../../players-bans-notes';
import type { ImportSummary } from '../import-summary';
import { mappingsOf, recordMappings } from '../mappings-repository';
import { decodeText, type MysqlSource as SourceBansSource } from '../mysql-source';
import type { ImportsTables } from '../tables';

// SourceBans++ submissions (sb_submissions: "submit a ban" by a visitor) -> Outpost player
// reports, with their comments (sb_comments type 'S'). A submission names the suspect's
// Steam id and name, the reporter's name, free text and the server; the reporter's e-mail
// and both IPs are left behind (Outpost reports keep neither). `archiv` says what became of
// it: 0 still waiting, 1 archived by an admin (no action), 2 a ban was added from it, 3 the
// player was banned from elsewhere (SourceBans++ archives all of a player's submissions then).

type Bytes = Buffer | string | null;

export const SUBMISSIONS_KIND = 'submissions (reports)';
export const SUBMISSION_COMMENTS_KIND = 'comments on submissions';
export const SUBMISSION_REASON = {
  malformedSteamId: 'malformed Steam id',
  earlierRun: 'its submission was imported by an earlier run (imported reports are not changed)',
  noSubmission: 'its submission was not imported',
} as const;
/** The reason every imported submission carries: SourceBans++ has only free text. */
export const IMPORTED_REPORT_REASON = 'Other';

export interface SubmissionsContext {
  db: Kysely<ImportsTables>;
  source: SourceBansSource;
  summary: ImportSummary;
  /** SourceBans++ aid -> who (the importer's admin map, with its deleted-admin remark). */
  adminOf(aid: number | null, kind: string): { id: string | null; name: string | null };
  /** SourceBans++ sid -> Outpost server id (null: deleted or web). */
  serverOf(sid: number, kind: string): string | null;
}

interface SubmissionRow {
  subid: number;
  submitted: number;
  SteamId: Bytes;
  name: Bytes;
  reason: Bytes;
  subname: Bytes;
  archiv: number | null;
  archivedby: number | null;
  server: number | null;
}

interface CommentRow {
  cid: number;
  bid: number;
  aid: number;
  commenttxt: Bytes;
  added: number;
}

export async function importSubmissions(context: SubmissionsContext): Promise<void> {
  const { db, source, summary } = context;
  summary.declare(SUBMISSIONS_KIND);
  summary.declare(SUBMISSION_COMMENTS_KIND);
  if (!(await source.hasTable('submissions'))) return;
  const rows = await source.rows<SubmissionRow>(
    'SELECT subid, submitted, CAST(SteamId AS BINARY) AS SteamId, CAST(name AS BINARY) AS name, ' +
      'CAST(reason AS BINARY) AS reason, CAST(subname AS BINARY) AS subname, archiv, archivedby, server ' +
      'FROM `{p}submissions` ORDER BY subid',
  );
  const comments = (await source.hasTable('comments'))
    ? await source.rows<CommentRow>(
        "SELECT cid, bid, aid, CAST(commenttxt AS BINARY) AS commenttxt, added FROM `{p}comments` WHERE type = 'S' ORDER BY cid",
      )
    : [];
  const known = await mappingsOf(db, source.key, 'submission');
  const knownComments = await mappingsOf(db, source.key, 'submission-comment');
  const commentsOf = new Map<number, CommentRow[]>();
  for (const comment of comments) {
    if (knownComments.has(comment.cid)) continue;
    commentsOf.set(comment.bid, [...(commentsOf.get(comment.bid) ?? []), comment]);
  }

  const fresh: { subid: number; report: ImportedReport; commentIds: number[] }[] = [];
  for (const row of rows) {
    if (known.has(row.subid)) continue;
    const target = parseSteamId(decodeText(row.SteamId) ?? '');
    if (!target) {
      summary.skipped(SUBMISSIONS_KIND, SUBMISSION_REASON.malformedSteamId);
      continue;
    }
    const rowComments = commentsOf.get(row.subid) ?? [];
    commentsOf.delete(row.subid);
    const commentText = rowComments
      .map((comment) => {
        const author = context.adminOf(comment.aid, SUBMISSION_COMMENTS_KIND).name ?? 'unknown';
        const when = new Date((Number(comment.added) || 0) * 1000).toISOString().slice(0, 10);
        return `${author} (${when}): ${decodeText(comment.commenttxt) ?? ''}`;
      })
      .join('\n');
    const archiv = Number(row.archiv ?? 0);
    const staff = archiv === 0 ? null : context.adminOf(row.archivedby, SUBMISSIONS_KIND);
    const state =
      archiv === 0
        ? null
        : archiv === 1
          ? 'Archived in SourceBans++ without a ban.'
          : 'Archived in SourceBans++: the player was banned.';
    fresh.push({
      subid: row.subid,
      commentIds: rowComments.map((comment) => comment.cid),
      report: {
        target,
        targetName: decodeText(row.name)?.trim() || null,
        reporterName: decodeText(row.subname)?.trim() || 'SourceBans++ visitor',
        reason: IMPORTED_REPORT_REASON,
        // An open submission's comments have no staff comment to go in: they follow its text.
        details:
          archiv === 0 && commentText
            ? `${decodeText(row.reason) ?? ''}\n\nSourceBans++ comments:\n${commentText}`.trim()
            : (decodeText(row.reason) ?? ''),
        serverId: row.server ? context.serverOf(Number(row.server), SUBMISSIONS_KIND) : null,
        createdAt: Number(row.submitted) || nowSeconds(),
        outcome:
          archiv === 0
            ? null
            : {
                resolution: archiv === 1 ? 'dismiss' : 'ban',
                byId: staff?.id ?? null,
                byName: staff?.name ?? null,
                comment: [state, commentText].filter(Boolean).join('\n'),
              },
      },
    });
  }
  // Comments left over: their submission was imported earlier, or not at all.
  for (const [subid, left] of commentsOf) {
    summary.skipped(
      SUBMISSION_COMMENTS_KIND,
      known.has(subid) ? SUBMISSION_REASON.earlierRun : SUBMISSION_REASON.noSubmission,
      left.length,
    );
  }
  if (fresh.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const ids = await playersBansNotesService.importHistory.reports(
      trx,
      fresh.map((entry) => entry.report),
    );
    await recordMappings(
      trx,
      source.key,
      'submission',
      fresh.map((entry, i) => [entry.subid, String(ids[i])] as const),
    );
    await recordMappings(
      trx,
      source.key,
      'submission-comment',
      fresh.flatMap((entry, i) => entry.commentIds.map((cid) => [cid, String(ids[i])] as const)),
    );
  });
  summary.imported(SUBMISSIONS_KIND, fresh.length);
  summary.imported(
    SUBMISSION_COMMENTS_KIND,
    fresh.reduce((sum, entry) => sum + entry.commentIds.length, 0),
  );
}
