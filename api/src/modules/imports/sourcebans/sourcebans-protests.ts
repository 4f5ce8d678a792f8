import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import { type ImportedAppeal, type ImportedAppealMessage, playersBansNotesService } from '../../players-bans-notes';
import { writeWithMappings } from '../import-job';
import type { ImportSummary } from '../import-summary';
import { mappingsOf } from '../mappings-repository';
import { decodeText, type MysqlSource as SourceBansSource } from '../mysql-source';
import type { ImportsTables } from '../tables';

// SourceBans++ protests (sb_protests) -> Outpost ban appeals, with the admins' comments on
// them (sb_comments of type 'P') as staff-only comments, since SourceBans++ shows those to
// admins only. A protest keeps its time and statement; the protester's e-mail and IP are not
// brought over (Outpost knows the player by their Steam id). SourceBans++ records no
// accept/deny, only "archived": an archived protest becomes a closed appeal with why.

type Db = Kysely<ImportsTables>;
type Bytes = Buffer | string | null;

export const PROTEST_KIND = {
  protests: 'ban appeals (protests)',
  comments: 'ban appeal comments',
} as const;

export const PROTEST_REASON = {
  banNotImported: 'its ban was not imported',
  ipOnly: 'on an IP-only ban (Outpost appeals belong to a Steam id)',
  appealNotImported: 'its protest was not imported',
} as const;

export const PROTEST_REMARK = {
  archived: 'archived in SourceBans++ (imported as closed)',
  notInForce: 'open, but its ban is no longer in force (imported as closed)',
  secondOpen: 'a second open appeal of the same ban (imported as closed)',
  private: 'the protester’s e-mail and IP are not imported',
} as const;

/** sb_protests.archiv: why SourceBans++ took the protest off its list. */
const ARCHIVED: Record<number, string> = {
  1: 'Archived in SourceBans++',
  2: 'Archived in SourceBans++: the ban was deleted',
  3: 'Archived in SourceBans++: the ban expired',
  4: 'Archived in SourceBans++: the ban was lifted',
};

export interface ProtestsContext {
  db: Db;
  source: SourceBansSource;
  summary: ImportSummary;
  /** SourceBans++ aid -> who, as the rest of the import resolves it. */
  adminOf(aid: number | null, kind: string): { id: string | null; name: string | null };
}

export async function importProtests(context: ProtestsContext): Promise<void> {
  await importProtestRows(context);
  await importProtestComments(context);
}

async function importProtestRows({ db, source, summary, adminOf }: ProtestsContext): Promise<void> {
  if (!(await source.hasTable('protests'))) return;
  const rows = await source.rows<{
    pid: number;
    bid: number;
    datesubmitted: number;
    reason: Bytes;
    archiv: number | null;
    archivedby: number | null;
  }>(
    'SELECT pid, bid, datesubmitted, CAST(reason AS BINARY) AS reason, archiv, archivedby FROM `{p}protests` ORDER BY pid',
  );
  const known = await mappingsOf(db, source.key, 'protest');
  const fresh = rows.filter((row) => !known.has(row.pid));
  if (fresh.length === 0) return;
  const bans = await mappingsOf(db, source.key, 'ban');
  const targets = await playersBansNotesService.importHistory.appealTargets(
    db,
    [...new Set(fresh.map((row) => bans.get(row.bid)).filter(Boolean))].map(Number),
  );
  const openBans = new Set([...targets].filter(([, target]) => target.hasOpenAppeal).map(([id]) => id));
  const appeals: { sourceId: number; appeal: ImportedAppeal }[] = [];
  for (const row of fresh) {
    const banId = bans.get(row.bid);
    const target = banId ? targets.get(Number(banId)) : undefined;
    if (!banId || !target) {
      summary.skipped(PROTEST_KIND.protests, PROTEST_REASON.banNotImported);
      continue;
    }
    if (!target.steamid) {
      summary.skipped(PROTEST_KIND.protests, PROTEST_REASON.ipOnly);
      continue;
    }
    const createdAt = Number(row.datesubmitted) || nowSeconds();
    const archiv = Number(row.archiv ?? 0);
    let closedBecause: string | null = null;
    if (archiv > 0) {
      closedBecause = ARCHIVED[archiv] ?? ARCHIVED[1] ?? null;
      summary.remark(PROTEST_KIND.protests, PROTEST_REMARK.archived);
    } else if (!target.inForce) {
      closedBecause = 'Closed on import: the ban was no longer in force';
      summary.remark(PROTEST_KIND.protests, PROTEST_REMARK.notInForce);
    } else if (openBans.has(Number(banId))) {
      closedBecause = 'Closed on import: another appeal of this ban is open';
      summary.remark(PROTEST_KIND.protests, PROTEST_REMARK.secondOpen);
    }
    const archivedBy = closedBecause && row.archivedby ? adminOf(row.archivedby, PROTEST_KIND.protests) : null;
    if (!closedBecause) openBans.add(Number(banId));
    appeals.push({
      sourceId: row.pid,
      appeal: {
        banId: Number(banId),
        steamid: target.steamid,
        playerName: target.playerName,
        statement: decodeText(row.reason) || '(no statement)',
        state: closedBecause ? 'closed' : 'open',
        createdAt,
        decidedAt: closedBecause ? createdAt : null,
        decidedById: archivedBy?.id ?? null,
        decidedByName: archivedBy?.name ?? null,
        decisionReason: closedBecause,
      },
    });
  }
  if (appeals.length === 0) return;
  await writeWithMappings(db, source.key, 'protest', appeals, (trx) =>
    playersBansNotesService.importHistory.appeals(
      trx,
      appeals.map((a) => a.appeal),
    ),
  );
  summary.imported(PROTEST_KIND.protests, appeals.length);
  summary.remark(PROTEST_KIND.protests, PROTEST_REMARK.private, appeals.length);
}

async function importProtestComments({ db, source, summary, adminOf }: ProtestsContext): Promise<void> {
  if (!(await source.hasTable('comments'))) return;
  const rows = await source.rows<{ cid: number; bid: number; aid: number; commenttxt: Bytes; added: number }>(
    "SELECT cid, bid, aid, CAST(commenttxt AS BINARY) AS commenttxt, added FROM `{p}comments` WHERE type = 'P' ORDER BY cid",
  );
  const known = await mappingsOf(db, source.key, 'protest-comment');
  const fresh = rows.filter((row) => !known.has(row.cid));
  if (fresh.length === 0) return;
  // A protest comment's bid is the protest's pid.
  const protests = await mappingsOf(db, source.key, 'protest');
  const messages: { sourceId: number; message: ImportedAppealMessage }[] = [];
  for (const row of fresh) {
    const appealId = protests.get(row.bid);
    if (!appealId) {
      summary.skipped(PROTEST_KIND.comments, PROTEST_REASON.appealNotImported);
      continue;
    }
    const author = adminOf(row.aid, PROTEST_KIND.comments);
    messages.push({
      sourceId: row.cid,
      message: {
        appealId: Number(appealId),
        authorId: author.id,
        authorName: author.name,
        body: decodeText(row.commenttxt) ?? '',
        createdAt: Number(row.added) || nowSeconds(),
      },
    });
  }
  if (messages.length === 0) return;
  await writeWithMappings(db, source.key, 'protest-comment', messages, (trx) =>
    playersBansNotesService.importHistory.appealComments(
      trx,
      messages.map((m) => m.message),
    ),
  );
  summary.imported(PROTEST_KIND.comments, messages.length);
}
