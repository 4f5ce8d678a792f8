import { parseSteamId } from '@outpost/contracts';
import { nowSeconds } from '../../../lib/clock';
import { type ImportedNote, playersBansNotesService } from '../../players-bans-notes';
import { importNotes } from '../import-job';
import { mappingsOf } from '../mappings-repository';
import { decodeText } from '../mysql-source';
import { adminOf, type RestrictionContext } from './sourcebans-restrictions';

// SourceBans++ comments on bans and comm blocks (sb_comments B and C) and player notes
// (sb_notes) -> Outpost staff-only notes on the player.

type Bytes = Buffer | string | null;

export const NOTE_KIND = { comments: 'comments', notes: 'player notes' } as const;

export const NOTE_REASON = {
  malformedSteamId: 'malformed Steam id',
  commentTarget: 'its ban or comm block was not imported',
  commentIpOnly: 'on an IP-only ban (Outpost notes belong to a Steam id)',
} as const;

/** A note from the source with its source id, in the name of the SourceBans++ admin `aid` (as adminOf maps them). */
function noteBy(
  context: RestrictionContext,
  aid: number,
  kind: string,
  sourceId: number,
  { steamid, body, createdAt }: Omit<ImportedNote, 'authorId' | 'authorName'>,
): { sourceId: number; note: ImportedNote } {
  const author = adminOf(context, aid, kind);
  return { sourceId, note: { steamid, body, authorId: author.id, authorName: author.name, createdAt } };
}

// ---- comments on bans and comm blocks -> staff-only notes on the player

export async function importComments(context: RestrictionContext): Promise<void> {
  const { db, source, summary } = context;
  if (!(await source.hasTable('comments'))) return;
  const rows = await source.rows<{
    cid: number;
    bid: number;
    type: Bytes;
    aid: number;
    commenttxt: Bytes;
    added: number;
  }>(
    "SELECT cid, bid, CAST(type AS BINARY) AS type, aid, CAST(commenttxt AS BINARY) AS commenttxt, added FROM `{p}comments` WHERE type IN ('B', 'C') ORDER BY cid",
  );
  const known = await mappingsOf(db, source.key, 'comment');
  const fresh = rows.filter((row) => !known.has(row.cid));
  if (fresh.length === 0) return;
  const bans = await mappingsOf(db, source.key, 'ban');
  const comms = await mappingsOf(db, source.key, 'comm');
  const targets = await playersBansNotesService.importHistory.banSteamIds(
    db,
    [...new Set(fresh.map((row) => (decodeText(row.type) === 'C' ? comms : bans).get(row.bid)).filter(Boolean))].map(
      Number,
    ),
  );
  const notes: { sourceId: number; note: ImportedNote }[] = [];
  for (const row of fresh) {
    const isComm = decodeText(row.type) === 'C';
    const banId = (isComm ? comms : bans).get(row.bid);
    const target = banId ? targets.get(Number(banId)) : undefined;
    if (target === undefined) {
      summary.skipped(NOTE_KIND.comments, NOTE_REASON.commentTarget);
      continue;
    }
    if (target === null) {
      summary.skipped(NOTE_KIND.comments, NOTE_REASON.commentIpOnly);
      continue;
    }
    notes.push(
      noteBy(context, row.aid, NOTE_KIND.comments, row.cid, {
        steamid: target,
        body: `SourceBans++ comment on ${isComm ? 'comm block' : 'ban'} #${banId}:\n\n${decodeText(row.commenttxt) ?? ''}`,
        createdAt: Number(row.added) || nowSeconds(),
      }),
    );
  }
  summary.imported(NOTE_KIND.comments, await importNotes(db, source.key, 'comment', notes));
}

// ---- player notes (sb_notes, newer SourceBans++ releases) -> staff-only notes

export async function importPlayerNotes(context: RestrictionContext): Promise<void> {
  const { db, source, summary } = context;
  if (!(await source.hasTable('notes'))) return;
  const rows = await source.rows<{ nid: number; steam_id: Bytes; aid: number; body: Bytes; created: number }>(
    'SELECT nid, CAST(steam_id AS BINARY) AS steam_id, aid, CAST(body AS BINARY) AS body, created FROM `{p}notes` ORDER BY nid',
  );
  const known = await mappingsOf(db, source.key, 'note');
  const notes: { sourceId: number; note: ImportedNote }[] = [];
  for (const row of rows) {
    if (known.has(row.nid)) continue;
    const steamid = parseSteamId(decodeText(row.steam_id) ?? '');
    if (!steamid) {
      summary.skipped(NOTE_KIND.notes, NOTE_REASON.malformedSteamId);
      continue;
    }
    notes.push(
      noteBy(context, row.aid, NOTE_KIND.notes, row.nid, {
        steamid,
        body: decodeText(row.body) ?? '',
        createdAt: Number(row.created) || nowSeconds(),
      }),
    );
  }
  summary.imported(NOTE_KIND.notes, await importNotes(db, source.key, 'note', notes));
}
