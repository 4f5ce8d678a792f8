import {
  type Ban,
  type BanStatus,
  type BanType,
  type FederationCategory,
  federationCategorySchema,
  parseSteamId,
} from '@outpost/contracts';
import { type Kysely, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { decodeCursor, encodeCursor } from '../../../db/keyset-cursor';
import type { BansTable, PlayersBansNotesTables } from '../tables';
import { type Places, type ServerPlace, scopeName, scopeOf } from './ban-scope';

export type BanRow = Selectable<BansTable>;

/** Names are searched by prefix on their lowercased copy (an index range, both dialects). */
export function searchKey(name: string): string {
  return name.trim().toLowerCase();
}
const PREFIX_END = '\uffff';

export function banStatus(row: BanRow, now: number): BanStatus {
  if (row.unbanned_at !== null) return 'unbanned';
  if (row.expires_at !== null && row.expires_at <= now) return 'expired';
  return 'active';
}

/** A stored category the contract knows, else null (the reader then sees the stored English). */
function federationCategoryOf(value: string | null | undefined): FederationCategory | null {
  const parsed = federationCategorySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Where a ban taken from a federation feed came from, or null for this site's own. */
export function banOrigin(row: BanRow): Ban['origin'] {
  if (!row.origin_site) return null;
  return {
    site: row.origin_site,
    appeals: row.origin_appeals,
    name: row.origin_name ?? null,
    category: federationCategoryOf(row.origin_category),
    lift:
      row.origin_lift === 'origin' || row.origin_lift === 'exception'
        ? { by: row.origin_lift, reason: row.origin_lift_reason ?? null }
        : null,
  };
}

export function toBan(row: BanRow, now: number, showIp: boolean, where: Places): Ban {
  const scope = scopeOf(row);
  return {
    id: row.id,
    type: row.type,
    steamid: row.steamid,
    ...(showIp ? { ip: row.ip } : {}),
    playerName: row.player_name,
    reason: row.reason,
    createdAt: row.created_at,
    length: row.length,
    expiresAt: row.expires_at,
    status: banStatus(row, now),
    adminId: row.admin_id,
    adminName: row.admin_name,
    adminRealId: row.admin_real_id,
    adminRealName: row.admin_real_name,
    serverId: row.server_id,
    serverName: row.server_id ? (where.servers.get(row.server_id)?.name ?? null) : null,
    unbannedAt: row.unbanned_at,
    unbannedById: row.unbanned_by_id,
    unbannedByName: row.unbanned_by_name,
    unbannedByRealId: row.unbanned_by_real_id,
    unbannedByRealName: row.unbanned_by_real_name,
    unbanReason: row.unban_reason,
    unbanAppeal:
      row.unban_appeal_id === null || row.unban_appeal_id === undefined
        ? null
        : { id: Number(row.unban_appeal_id), reason: row.unban_appeal_reason ?? '' },
    updatedAt: row.updated_at,
    scope,
    scopeName: scopeName(scope, where),
    origin: banOrigin(row),
  };
}

type BanQuery = SelectQueryBuilder<PlayersBansNotesTables, 'bans', BanRow>;

/** Restricts to bans in force at `now`: not lifted, not expired. */
export function whereActive(query: BanQuery, now: number): BanQuery {
  return query
    .where('unbanned_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
}

export interface BanListFilter {
  q?: string;
  steamid?: string;
  status: BanStatus | 'all';
  type?: BanType;
  adminId?: string;
  serverId?: string;
  cursor?: string;
  limit: number;
  /** Callers without players.view-ips never match on IPs. */
  matchIp: boolean;
}

const IP_LIKE = /^[0-9a-fA-F:.]{2,45}$/;

/**
 * A reason is searched among the newest this many bans: a range of the primary key read whole,
 * so a search costs the same on a table of a million bans (a LIKE over every reason would not).
 */
export const REASON_SEARCH_WINDOW = 20_000;

/** The lowest ban id (exclusive) whose reason a search reads. */
async function reasonFloor(db: Kysely<PlayersBansNotesTables>): Promise<number> {
  const row = await db
    .selectFrom('bans')
    .select((eb) => eb.fn.max('id').as('newest'))
    .executeTakeFirst();
  return Number(row?.newest ?? 0) - REASON_SEARCH_WINDOW;
}

/** Words of a reason, any case (lower() on both sides: PostgreSQL's LIKE is case-sensitive). */
function reasonContains(q: string) {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(reason) LIKE ${pattern} ESCAPE '\\'`;
}

/** Newest first, keyset-paged on id. */
export async function listBans(db: Kysely<PlayersBansNotesTables>, filter: BanListFilter, now: number) {
  let query = db.selectFrom('bans').selectAll() as BanQuery;
  if (filter.steamid) query = query.where('steamid', '=', filter.steamid);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.adminId) query = query.where('admin_id', '=', filter.adminId);
  if (filter.serverId) query = query.where('server_id', '=', filter.serverId);
  if (filter.status === 'active') query = whereActive(query, now);
  if (filter.status === 'unbanned') query = query.where('unbanned_at', 'is not', null);
  if (filter.status === 'expired') query = query.where('unbanned_at', 'is', null).where('expires_at', '<=', now);
  if (filter.cursor) query = query.where('id', '<', decodeCursor(filter.cursor, 'n')[0] as number);
  const wanted = filter.limit + 1;
  const newestFirst = (candidate: BanQuery) => candidate.orderBy('id', 'desc').limit(wanted).execute();
  const q = filter.q?.trim() ?? '';
  const exact = q ? exactMatch(query, q, filter.matchIp) : query;
  let rows: BanRow[];
  if (exact) rows = await newestFirst(exact);
  else {
    // Name prefix OR words of a recent reason, read as two queries and merged: as one OR, the
    // planner walks the whole primary key newest-first testing each row (97 ms p50 at 1M bans),
    // while each half alone is one index range (the name index; the newest ids).
    const key = searchKey(q);
    const [byName, byReason] = await Promise.all([
      newestFirst(query.where('player_name_search', '>=', key).where('player_name_search', '<', key + PREFIX_END)),
      newestFirst(query.where('id', '>', await reasonFloor(db)).where(reasonContains(q))),
    ]);
    rows = mergeNewestFirst(byName, byReason, wanted);
  }
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > filter.limit && last ? encodeCursor([last.id]) : null };
}

/**
 * The search box's exact forms: a Steam id, a ban id (or a name made of digits), an IP when
 * allowed. Null when the text is a name prefix or words of the reason (read by listBans).
 */
function exactMatch(query: BanQuery, q: string, matchIp: boolean): BanQuery | null {
  const steamid = parseSteamId(q);
  if (steamid) return query.where('steamid', '=', steamid);
  if (/^#?\d{1,15}$/.test(q)) {
    const id = Number(q.replace('#', ''));
    return query.where((eb) =>
      eb.or([
        eb('id', '=', id),
        eb.and([eb('player_name_search', '>=', q), eb('player_name_search', '<', q + PREFIX_END)]),
      ]),
    );
  }
  if (matchIp && IP_LIKE.test(q) && q.includes('.')) return query.where('ip', '=', q);
  return null;
}

/** Two newest-first lists as one, each ban once, at most `limit` long. */
export function mergeNewestFirst(a: readonly BanRow[], b: readonly BanRow[], limit: number): BanRow[] {
  const byId = new Map<number, BanRow>();
  for (const row of [...a, ...b]) byId.set(row.id, row);
  return [...byId.values()].sort((x, y) => y.id - x.id).slice(0, limit);
}

export async function findBan(db: Kysely<PlayersBansNotesTables>, id: number): Promise<BanRow | undefined> {
  return db.selectFrom('bans').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The bans with these ids, in the ids' order (those that exist). */
export async function findBans(db: Kysely<PlayersBansNotesTables>, ids: readonly number[]): Promise<BanRow[]> {
  const found = new Map<number, BanRow>();
  for (let at = 0; at < ids.length; at += 500) {
    const rows = await db
      .selectFrom('bans')
      .selectAll()
      .where('id', 'in', ids.slice(at, at + 500))
      .execute();
    for (const row of rows) found.set(Number(row.id), row);
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/**
 * The restrictions in force for a connecting player, by SteamID or by IP: one statement
 * (an OR of two index lookups), so the connect check costs a single round trip. With `on`,
 * only those whose scope covers that server (issue 25 item 3: the community's, its group's,
 * its own), filtered in the same statement on the rows the indexes found.
 */
export async function activeRestrictions(
  db: Kysely<PlayersBansNotesTables>,
  who: { steamid?: string; ip?: string },
  now: number,
  on?: ServerPlace,
): Promise<BanRow[]> {
  if (!who.steamid && !who.ip) return [];
  let query = db
    .selectFrom('bans')
    .selectAll()
    .where((eb) =>
      eb.or([...(who.steamid ? [eb('steamid', '=', who.steamid)] : []), ...(who.ip ? [eb('ip', '=', who.ip)] : [])]),
    ) as BanQuery;
  if (on) {
    query = query.where((eb) =>
      eb.or([
        eb('scope_kind', '=', 'community'),
        eb.and([eb('scope_kind', '=', 'server'), eb('scope_id', '=', on.serverId)]),
        ...(on.groupId ? [eb.and([eb('scope_kind', '=', 'group'), eb('scope_id', '=', on.groupId)])] : []),
      ]),
    );
  }
  return whereActive(query, now).orderBy('id', 'desc').execute();
}

/** Ranked search (GET /api/search): exact SteamID / id first, then name prefix. */
export async function searchBans(db: Kysely<PlayersBansNotesTables>, q: string, limit: number): Promise<BanRow[]> {
  const steamid = parseSteamId(q);
  if (steamid) {
    return db
      .selectFrom('bans')
      .selectAll()
      .where('steamid', '=', steamid)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
  const key = searchKey(q);
  // The two halves at once: on PostgreSQL each is a round trip, and the reasons' scan is the slow one.
  const [byName, byReason] = await Promise.all([
    db
      .selectFrom('bans')
      .selectAll()
      .where('player_name_search', '>=', key)
      .where('player_name_search', '<', key + PREFIX_END)
      // Both keys ascending: the (player_name_search, id) index gives the order, no sort.
      .orderBy('player_name_search')
      .orderBy('id')
      .limit(limit)
      .execute(),
    reasonFloor(db).then((floor) =>
      db
        .selectFrom('bans')
        .selectAll()
        .where('id', '>', floor)
        .where(reasonContains(q))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
    ),
  ]);
  const found = [...byName, ...byReason.filter((row) => !byName.some((named) => named.id === row.id))].slice(0, limit);
  if (!/^#?\d{1,15}$/.test(q)) return found;
  const byId = await findBan(db, Number(q.replace('#', '')));
  return byId ? [byId, ...found.filter((row) => row.id !== byId.id)] : found;
}

/** For the player modal's tabs. */
export async function banCounts(db: Kysely<PlayersBansNotesTables>, steamid: string, now: number) {
  const rows = await db.selectFrom('bans').selectAll().where('steamid', '=', steamid).execute();
  return { total: rows.length, active: rows.filter((row) => banStatus(row, now) === 'active').length };
}
