import { type Appeal, type AppealMessage, type AppealState, parseSteamId } from '@outpost/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import { decodeCursor, encodeCursor } from '../../../db/keyset-cursor';
import { type BanRow, banOrigin, banStatus, type Places, places, scopeName, scopeOf } from '../bans';
import type { BanAppealsTable, PlayersBansNotesTables } from '../tables';

// Reads of ban appeals and their conversation. The one rule of this file: a query for the
// player's view never selects internal messages (listMessages' `view`).

export type AppealRow = Selectable<BanAppealsTable>;
type Db = Kysely<PlayersBansNotesTables>;

export function toAppeal(row: AppealRow, ban: BanRow | undefined, now: number, where?: Places): Appeal {
  return {
    id: row.id,
    banId: row.ban_id,
    steamid: row.steamid,
    playerName: row.player_name,
    statement: row.statement,
    state: row.state,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    createdAt: row.created_at,
    lastActivityAt: row.last_activity_at,
    decidedAt: row.decided_at,
    decidedByName: row.decided_by_name,
    decisionReason: row.decision_reason,
    ban: ban
      ? {
          id: ban.id,
          type: ban.type,
          reason: ban.reason,
          createdAt: ban.created_at,
          length: ban.length,
          expiresAt: ban.expires_at,
          status: banStatus(ban, now),
          adminName: ban.admin_name,
          origin: banOrigin(ban),
          ...(where ? { scopeName: scopeName(scopeOf(ban), where), scope: scopeOf(ban) } : {}),
        }
      : null,
  };
}

/** Appeals with their bans, in the given order. */
export async function withBans(db: Db, rows: AppealRow[], now: number): Promise<Appeal[]> {
  const ids = [...new Set(rows.map((row) => row.ban_id))];
  const bans = ids.length ? await db.selectFrom('bans').selectAll().where('id', 'in', ids).execute() : [];
  const byId = new Map(bans.map((ban) => [ban.id, ban]));
  const where = await places(db);
  return rows.map((row) => toAppeal(row, byId.get(row.ban_id), now, where));
}

export async function findAppeal(db: Db, id: number): Promise<AppealRow | undefined> {
  return db.selectFrom('ban_appeals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One appeal with its ban, as staff see it, or null (the Discord staff channel's message about it). */
export async function findAppealView(db: Db, id: number, now: number): Promise<Appeal | null> {
  const row = await findAppeal(db, id);
  return row ? ((await withBans(db, [row], now))[0] ?? null) : null;
}

export async function findOpenAppealOfBan(db: Db, banId: number): Promise<AppealRow | undefined> {
  return db.selectFrom('ban_appeals').selectAll().where('open_ban_id', '=', banId).executeTakeFirst();
}

/** The conversation, oldest first. The player's view holds no internal line, by the query itself. */
export async function listMessages(db: Db, appealId: number, view: 'player' | 'staff'): Promise<AppealMessage[]> {
  let query = db.selectFrom('ban_appeal_messages').selectAll().where('appeal_id', '=', appealId);
  if (view === 'player') query = query.where('internal', '=', 0);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    by: row.author_role,
    authorName: row.author_name,
    body: row.body,
    internal: Number(row.internal) === 1,
    createdAt: row.created_at,
  }));
}

/** A player's own appeals (by the Steam id they signed in with), newest first. */
export async function listAppealsOfSteamId(db: Db, steamid: string): Promise<AppealRow[]> {
  return db
    .selectFrom('ban_appeals')
    .selectAll()
    .where('steamid', '=', steamid)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

export interface QueueFilter {
  state: AppealState | 'all';
  assigneeId?: string;
  unassigned?: boolean;
  q?: string;
  cursor?: string;
  limit: number;
}

/** The staff queue: oldest first, keyset-paged on id (ids grow with creation time). */
export async function listQueue(db: Db, filter: QueueFilter) {
  let query = db.selectFrom('ban_appeals').selectAll();
  if (filter.state !== 'all') query = query.where('state', '=', filter.state);
  if (filter.assigneeId) query = query.where('assignee_id', '=', filter.assigneeId);
  if (filter.unassigned) query = query.where('assignee_id', 'is', null);
  const q = filter.q?.trim() ?? '';
  if (q) {
    const steamid = parseSteamId(q);
    if (steamid) query = query.where('steamid', '=', steamid);
    else {
      const escaped = q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
      query = query.where(sql<string>`lower(player_name)`, 'like', sql<string>`${`${escaped}%`} escape '\\'`);
    }
  }
  if (filter.cursor) query = query.where('id', '>', decodeCursor(filter.cursor, 'n')[0] as number);
  const rows = await query
    .orderBy('id')
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > filter.limit && last ? encodeCursor([last.id]) : null };
}

/** Which of these bans have been appealed (any state): the public "appealed" tag. */
export async function appealedBanIds(db: Db, banIds: number[]): Promise<Set<number>> {
  if (banIds.length === 0) return new Set();
  const rows = await db.selectFrom('ban_appeals').select('ban_id').distinct().where('ban_id', 'in', banIds).execute();
  return new Set(rows.map((row) => Number(row.ban_id)));
}

export async function countAppealsSince(db: Db, steamid: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('ban_appeals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('steamid', '=', steamid)
    .where('player_user_id', 'is not', null)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countMessagesSince(db: Db, authorId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('ban_appeal_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('author_id', '=', authorId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
