import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import type { PlayersBansNotesTables } from '../tables';
import { searchKey } from './bans-repository';

// Bans and notes brought in from another ban system (the SourceBans++ importer): rows keep
// their history (who, when, lifted or not) as the old system recorded it, so they do not
// go through createBan/createNote, which stamp "now" and the acting staff member. The
// importer writes one audit line per run instead of one per row.

export interface ImportedBan {
  type: 'ban' | 'mute' | 'gag' | 'silence';
  steamid: string | null;
  ip: string | null;
  playerName: string | null;
  reason: string;
  createdAt: number;
  /** Seconds; null = permanent. */
  length: number | null;
  adminId: string | null;
  adminName: string | null;
  serverId: string | null;
  /**
   * Held to this server only (issue 25 item 3: another system's per-server ban); absent or
   * null = the whole community.
   */
  scopeServerId?: string | null;
  unbannedAt: number | null;
  unbannedById: string | null;
  unbannedByName: string | null;
  unbanReason: string | null;
}

export interface ImportedNote {
  steamid: string;
  body: string;
  authorId: string | null;
  authorName: string | null;
  createdAt: number;
}

/**
 * Rows per INSERT: a ban row binds 19 values, and SQLite allows 32,766 per statement
 * (PostgreSQL 65,535); 1,500 rows (28,500 values) stays inside both. Fewer, larger
 * statements are what makes 100,000 bans import in seconds.
 */
const ROWS_PER_STATEMENT = 1500;

/** Inserts the bans and answers their new ids, in input order. Run it inside the caller's transaction. */
export async function insertImportedBans(
  db: Kysely<PlayersBansNotesTables>,
  bans: readonly ImportedBan[],
): Promise<number[]> {
  const ids: number[] = [];
  const now = nowSeconds();
  for (let start = 0; start < bans.length; start += ROWS_PER_STATEMENT) {
    const chunk = bans.slice(start, start + ROWS_PER_STATEMENT);
    const rows = await db
      .insertInto('bans')
      .values(
        chunk.map((ban) => ({
          type: ban.type,
          steamid: ban.steamid,
          ip: ban.ip,
          player_name: ban.playerName,
          player_name_search: ban.playerName ? searchKey(ban.playerName) : null,
          reason: ban.reason,
          created_at: ban.createdAt,
          length: ban.length,
          expires_at: ban.length === null ? null : ban.createdAt + ban.length,
          admin_id: ban.adminId,
          admin_name: ban.adminName,
          server_id: ban.serverId,
          unbanned_at: ban.unbannedAt,
          unbanned_by_id: ban.unbannedById,
          unbanned_by_name: ban.unbannedByName,
          unban_reason: ban.unbanReason,
          updated_at: now,
          scope_kind: ban.scopeServerId ? ('server' as const) : ('community' as const),
          scope_id: ban.scopeServerId ?? null,
        })),
      )
      .returning('id')
      .execute();
    // Both SQLite and PostgreSQL answer a multi-row INSERT's RETURNING in VALUES order;
    // the ids are ascending, which the sort makes certain either way.
    ids.push(...rows.map((row) => Number(row.id)).sort((a, b) => a - b));
  }
  return ids;
}

/** Inserts staff-only notes and answers their new ids, in input order. */
export async function insertImportedNotes(
  db: Kysely<PlayersBansNotesTables>,
  notes: readonly ImportedNote[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < notes.length; start += ROWS_PER_STATEMENT) {
    const chunk = notes.slice(start, start + ROWS_PER_STATEMENT);
    const rows = await db
      .insertInto('notes')
      .values(
        chunk.map((note) => ({
          steamid: note.steamid,
          body: note.body,
          is_public: 0,
          author_id: note.authorId,
          author_name: note.authorName,
          created_at: note.createdAt,
          updated_at: note.createdAt,
          deleted_at: null,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => Number(row.id)).sort((a, b) => a - b));
  }
  return ids;
}

/**
 * Addresses a player was known to use (the old system's ban rows record them). Stored as
 * known IPs, not on the ban: an Outpost ban with an IP also blocks that IP, which a
 * SourceBans++ Steam-id ban never did. Existing rows are left as they are.
 */
export async function insertImportedPlayerIps(
  db: Kysely<PlayersBansNotesTables>,
  ips: readonly { steamid: string; ip: string; seenAt: number }[],
): Promise<void> {
  for (let start = 0; start < ips.length; start += ROWS_PER_STATEMENT) {
    const chunk = ips.slice(start, start + ROWS_PER_STATEMENT);
    await db
      .insertInto('player_ips')
      .values(chunk.map((row) => ({ steamid: row.steamid, ip: row.ip, first_seen: row.seenAt, last_seen: row.seenAt })))
      .onConflict((conflict) => conflict.columns(['steamid', 'ip']).doNothing())
      .execute();
  }
}

/** Ban id -> the Steam id it is against (null for IP-only bans), for the given ids that exist. */
export async function banSteamIds(
  db: Kysely<PlayersBansNotesTables>,
  ids: readonly number[],
): Promise<Map<number, string | null>> {
  const found = new Map<number, string | null>();
  for (let start = 0; start < ids.length; start += ROWS_PER_STATEMENT) {
    const rows = await db
      .selectFrom('bans')
      .select(['id', 'steamid'])
      .where('id', 'in', ids.slice(start, start + ROWS_PER_STATEMENT))
      .execute();
    for (const row of rows) found.set(Number(row.id), row.steamid);
  }
  return found;
}
