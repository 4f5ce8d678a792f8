import type { Kysely } from 'kysely';
import { pastKey } from '../../../db/keyset-cursor';
import type { PlayersBansNotesTables } from '../tables';

/** What another module may read of a changed restriction: never its IP, notes or staff. */
export interface ChangedRestriction {
  id: number;
  type: 'ban' | 'mute' | 'gag' | 'silence';
  steamid: string | null;
  reason: string;
  createdAt: number;
  length: number | null;
  expiresAt: number | null;
  unbannedAt: number | null;
  updatedAt: number;
  /** The site it was taken from (a federation feed), or null for this site's own. */
  originSite: string | null;
  /** Where it applies: the whole community, a server group or a server (issue 25). */
  scopeKind: 'community' | 'group' | 'server';
}

/**
 * Restrictions written (created, edited, lifted, imported) after a point, oldest write first,
 * by the keyset (updated_at, id): the federation feed's publisher reads its way through them
 * (issue 29), so a write it did not hear of (a crash, an edit) still reaches the feed.
 */
export async function restrictionsChangedSince(
  db: Kysely<PlayersBansNotesTables>,
  after: { updatedAt: number; id: number },
  limit: number,
): Promise<ChangedRestriction[]> {
  const rows = await db
    .selectFrom('bans')
    .select([
      'id',
      'type',
      'steamid',
      'reason',
      'created_at',
      'length',
      'expires_at',
      'unbanned_at',
      'updated_at',
      'origin_site',
      'scope_kind',
    ])
    .where(pastKey(['updated_at', 'id'], '>', [after.updatedAt, after.id]))
    .orderBy('updated_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  // PostgreSQL answers bigint columns as strings.
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.type,
    steamid: row.steamid,
    reason: row.reason,
    createdAt: Number(row.created_at),
    length: row.length === null ? null : Number(row.length),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    unbannedAt: row.unbanned_at === null ? null : Number(row.unbanned_at),
    updatedAt: Number(row.updated_at),
    originSite: row.origin_site,
    scopeKind: row.scope_kind,
  }));
}
