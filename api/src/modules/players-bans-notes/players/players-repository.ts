import { type PlayerSummary, parseSteamId } from '@outpost/contracts';
import type { Kysely, Selectable } from 'kysely';
import { decodeCursor, encodeCursor } from '../../../db/keyset-cursor';
import type { PlayersBansNotesTables, PlayersTable } from '../tables';

// Players seen on our servers (or signed in): reads for lists, the modal and search.

const PREFIX_END = '\uffff';
export const nameKey = (name: string) => name.trim().toLowerCase();

export function toPlayerSummary(row: Selectable<PlayersTable>): PlayerSummary {
  return {
    steamid: row.steamid,
    name: row.name || row.steamid,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    totalTime: row.total_time,
    userId: row.user_id,
  };
}

/** Most recently seen first; q is a Steam id (any form) or a name prefix (then name order). */
export async function listPlayers(
  db: Kysely<PlayersBansNotesTables>,
  filter: { q?: string; cursor?: string; limit: number },
) {
  const q = filter.q?.trim() ?? '';
  const steamid = q ? parseSteamId(q) : null;
  if (steamid) {
    const rows = await db.selectFrom('players').selectAll().where('steamid', '=', steamid).execute();
    return { players: rows.map(toPlayerSummary), nextCursor: null };
  }
  let query = db.selectFrom('players').selectAll();
  if (q) {
    const key = nameKey(q);
    query = query.where('name_search', '>=', key).where('name_search', '<', key + PREFIX_END);
    if (filter.cursor) {
      const [name, id] = decodeCursor(filter.cursor, 'ss') as [string, string];
      query = query
        .where('name_search', '>=', name)
        .where((eb) => eb.or([eb('name_search', '>', name), eb('steamid', '>', id)]));
    }
    const rows = await query
      .orderBy('name_search')
      .orderBy('steamid')
      .limit(filter.limit + 1)
      .execute();
    const page = rows.slice(0, filter.limit);
    const last = page.at(-1);
    const nextCursor = rows.length > filter.limit && last ? encodeCursor([last.name_search, last.steamid]) : null;
    return { players: page.map(toPlayerSummary), nextCursor };
  }
  if (filter.cursor) {
    const [seen, id] = decodeCursor(filter.cursor, 'ns') as [number, string];
    query = query
      .where('last_seen', '<=', seen)
      .where((eb) => eb.or([eb('last_seen', '<', seen), eb('steamid', '<', id)]));
  }
  const rows = await query
    .orderBy('last_seen', 'desc')
    .orderBy('steamid', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > filter.limit && last ? encodeCursor([last.last_seen, last.steamid]) : null;
  return { players: page.map(toPlayerSummary), nextCursor };
}

export async function findPlayer(db: Kysely<PlayersBansNotesTables>, steamid: string) {
  return db.selectFrom('players').selectAll().where('steamid', '=', steamid).executeTakeFirst();
}

export async function playerHistory(db: Kysely<PlayersBansNotesTables>, steamid: string) {
  const [names, servers, ips] = await Promise.all([
    db
      .selectFrom('player_names')
      .selectAll()
      .where('steamid', '=', steamid)
      .orderBy('last_seen', 'desc')
      .limit(100)
      .execute(),
    db
      .selectFrom('player_servers')
      .selectAll()
      .where('steamid', '=', steamid)
      .orderBy('last_seen', 'desc')
      .limit(100)
      .execute(),
    db
      .selectFrom('player_ips')
      .selectAll()
      .where('steamid', '=', steamid)
      .orderBy('last_seen', 'desc')
      .limit(100)
      .execute(),
  ]);
  return { names, servers, ips };
}

/** Names of known players, for log entries and bans: steamid -> last name. */
export async function playerNames(
  db: Kysely<PlayersBansNotesTables>,
  steamids: string[],
): Promise<Map<string, string>> {
  if (steamids.length === 0) return new Map();
  const rows = await db.selectFrom('players').select(['steamid', 'name']).where('steamid', 'in', steamids).execute();
  return new Map(rows.map((row) => [row.steamid, row.name]));
}
