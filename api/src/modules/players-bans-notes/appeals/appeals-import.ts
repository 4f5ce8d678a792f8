import { type Kysely, sql } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import { banStatus } from '../bans';
import type { PlayersBansNotesTables } from '../tables';

// Appeals brought in from another ban system (the SourceBans++ importer's protests): they
// keep their own times and state, so they do not go through openAppeal (which stamps "now",
// checks the signed-in player and notifies). The importer writes one audit line per run.

export interface ImportedAppeal {
  banId: number;
  steamid: string;
  playerName: string | null;
  statement: string;
  /** Open only while its ban is in force and no other appeal of it is open (the caller checks). */
  state: 'open' | 'closed';
  createdAt: number;
  decidedAt: number | null;
  decidedById: string | null;
  decidedByName: string | null;
  decisionReason: string | null;
}

export interface ImportedAppealMessage {
  appealId: number;
  authorId: string | null;
  authorName: string | null;
  body: string;
  createdAt: number;
}

/** What an appeal of these bans needs to know of each: its player, and whether one may stay open. */
export async function appealTargets(
  db: Kysely<PlayersBansNotesTables>,
  banIds: readonly number[],
): Promise<
  Map<number, { steamid: string | null; playerName: string | null; inForce: boolean; hasOpenAppeal: boolean }>
> {
  const found = new Map<
    number,
    { steamid: string | null; playerName: string | null; inForce: boolean; hasOpenAppeal: boolean }
  >();
  const now = nowSeconds();
  for (let start = 0; start < banIds.length; start += 1000) {
    const ids = banIds.slice(start, start + 1000);
    const bans = await db.selectFrom('bans').selectAll().where('id', 'in', ids).execute();
    const open = await db.selectFrom('ban_appeals').select('open_ban_id').where('open_ban_id', 'in', ids).execute();
    const withOpen = new Set(open.map((row) => Number(row.open_ban_id)));
    for (const ban of bans) {
      found.set(Number(ban.id), {
        steamid: ban.steamid,
        playerName: ban.player_name,
        inForce: banStatus(ban, now) === 'active',
        hasOpenAppeal: withOpen.has(Number(ban.id)),
      });
    }
  }
  return found;
}

/** Inserts the appeals and answers their new ids, in input order. Run it inside the caller's transaction. */
export async function insertImportedAppeals(
  db: Kysely<PlayersBansNotesTables>,
  appeals: readonly ImportedAppeal[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const appeal of appeals) {
    const row = await db
      .insertInto('ban_appeals')
      .values({
        ban_id: appeal.banId,
        steamid: appeal.steamid,
        player_user_id: null,
        player_name: appeal.playerName,
        statement: appeal.statement,
        state: appeal.state,
        open_ban_id: appeal.state === 'open' ? appeal.banId : null,
        assignee_id: null,
        assignee_name: null,
        created_at: appeal.createdAt,
        last_activity_at: appeal.createdAt,
        decided_at: appeal.decidedAt,
        decided_by_id: appeal.decidedById,
        decided_by_name: appeal.decidedByName,
        decision_reason: appeal.decisionReason,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  return ids;
}

/** Staff comments on imported appeals: internal (SourceBans++ shows protest comments to admins only). */
export async function insertImportedAppealComments(
  db: Kysely<PlayersBansNotesTables>,
  messages: readonly ImportedAppealMessage[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const message of messages) {
    const row = await db
      .insertInto('ban_appeal_messages')
      .values({
        appeal_id: message.appealId,
        author_role: 'staff',
        author_id: message.authorId,
        author_name: message.authorName,
        body: message.body,
        internal: 1,
        created_at: message.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
    await db
      .updateTable('ban_appeals')
      .set({
        // Portable max(): SQLite's two-argument max() is PostgreSQL's greatest().
        last_activity_at: sql<number>`case when last_activity_at < ${message.createdAt} then ${message.createdAt} else last_activity_at end`,
      })
      .where('id', '=', message.appealId)
      .execute();
  }
  return ids;
}
