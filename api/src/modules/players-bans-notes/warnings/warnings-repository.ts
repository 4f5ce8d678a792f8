import type { Warning } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import type { PlayersBansNotesTables } from '../tables';

// Reads of warnings. A warning is active while it is neither lifted nor expired; deleted ones
// (deleted_at set) are hidden everywhere.

function baseQuery(db: Kysely<PlayersBansNotesTables>) {
  return db.selectFrom('warnings').selectAll().where('deleted_at', 'is', null);
}

export type WarningRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

export function warningStatus(row: WarningRow, now: number): Warning['status'] {
  if (row.lifted_at !== null) return 'lifted';
  if (row.expires_at !== null && Number(row.expires_at) <= now) return 'expired';
  return 'active';
}

export function toWarning(row: WarningRow, now: number): Warning {
  return {
    id: Number(row.id),
    steamid: row.steamid,
    playerName: row.player_name,
    reason: row.reason,
    authorId: row.author_id,
    authorName: row.author_name,
    serverId: row.server_id,
    createdAt: Number(row.created_at),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    liftedAt: row.lifted_at === null ? null : Number(row.lifted_at),
    liftedByName: row.lifted_by_name,
    status: warningStatus(row, now),
    escalatedBanId: row.escalated_ban_id === null ? null : Number(row.escalated_ban_id),
  };
}

export async function findWarning(db: Kysely<PlayersBansNotesTables>, id: number): Promise<WarningRow | undefined> {
  return baseQuery(db).where('id', '=', id).executeTakeFirst();
}

/** A player's warnings (active, expired and lifted), newest first. */
export async function warningsOfPlayer(
  db: Kysely<PlayersBansNotesTables>,
  steamid: string,
  limit = 200,
): Promise<WarningRow[]> {
  return baseQuery(db).where('steamid', '=', steamid).orderBy('id', 'desc').limit(limit).execute();
}

/** A player's active warnings, newest first (the connect check: one index range). */
export async function activeWarnings(
  db: Kysely<PlayersBansNotesTables>,
  steamid: string,
  now: number,
): Promise<WarningRow[]> {
  return baseQuery(db)
    .where('steamid', '=', steamid)
    .where('lifted_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/**
 * How many of the player's warnings up to and including `uptoId` are active now (the ladder's
 * count); with `serverIds`, only those given on these servers (a scoped step).
 */
export async function activeCountUpTo(
  db: Kysely<PlayersBansNotesTables>,
  steamid: string,
  uptoId: number,
  now: number,
  serverIds?: readonly string[],
): Promise<number> {
  if (serverIds && serverIds.length === 0) return 0;
  let query = db.selectFrom('warnings');
  if (serverIds) query = query.where('server_id', 'in', serverIds);
  const row = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('steamid', '=', steamid)
    .where('id', '<=', uptoId)
    .where('deleted_at', 'is', null)
    .where('lifted_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
