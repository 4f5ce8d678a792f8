import { type Note, parseSteamId } from '@outpost/contracts';
import { type Kysely, sql } from 'kysely';
import { decodeCursor, encodeCursor } from '../../../db/keyset-cursor';
import type { PlayersBansNotesTables } from '../tables';

// Notes are never removed from the table: a delete sets deleted_at and hides the note.

function baseQuery(db: Kysely<PlayersBansNotesTables>) {
  return db
    .selectFrom('notes')
    .leftJoin('players', 'players.steamid', 'notes.steamid')
    .select([
      'notes.id',
      'notes.steamid',
      'notes.body',
      'notes.is_public',
      'notes.author_id',
      'notes.author_name',
      'notes.author_real_id',
      'notes.author_real_name',
      'notes.created_at',
      'notes.updated_at',
      'players.name as player_name',
    ])
    .where('notes.deleted_at', 'is', null);
}
type NoteRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    steamid: row.steamid,
    playerName: row.player_name ?? null,
    body: row.body,
    isPublic: row.is_public === 1,
    authorId: row.author_id,
    authorName: row.author_name,
    authorRealId: row.author_real_id,
    authorRealName: row.author_real_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface NoteFilter {
  q?: string;
  steamid?: string;
  visibility: 'all' | 'public' | 'private';
  cursor?: string;
  limit: number;
  canSeePrivate: boolean;
  /** False: match players only (id or name), not the note text (a scan of every note). */
  matchBody?: boolean;
}

export async function listNotes(db: Kysely<PlayersBansNotesTables>, filter: NoteFilter) {
  let query = baseQuery(db);
  if (!filter.canSeePrivate || filter.visibility === 'public') query = query.where('notes.is_public', '=', 1);
  if (filter.visibility === 'private') query = query.where('notes.is_public', '=', filter.canSeePrivate ? 0 : -1);
  if (filter.steamid) query = query.where('notes.steamid', '=', filter.steamid);
  const q = filter.q?.trim() ?? '';
  if (q) {
    const steamid = parseSteamId(q);
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    if (steamid) query = query.where('notes.steamid', '=', steamid);
    else {
      // Players named like q come from the players name index; the note text is a scan of
      // the notes table alone (no join per row), fine at the size notes grow to.
      const key = q.toLowerCase();
      const named = db
        .selectFrom('players')
        .select('steamid')
        .where('name_search', '>=', key)
        .where('name_search', '<', `${key}\uffff`)
        .limit(50);
      // lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's is not.
      const bodyMatches = sql<boolean>`lower(notes.body) LIKE ${pattern.toLowerCase()} ESCAPE '\\'`;
      query = query.where((eb) =>
        filter.matchBody === false
          ? eb('notes.steamid', 'in', named)
          : eb.or([bodyMatches, eb('notes.steamid', 'in', named)]),
      );
    }
  }
  if (filter.cursor) query = query.where('notes.id', '<', decodeCursor(filter.cursor, 'n')[0] as number);
  const rows = await query
    .orderBy('notes.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return { notes: page.map(toNote), nextCursor: rows.length > filter.limit && last ? encodeCursor([last.id]) : null };
}

export async function findNote(db: Kysely<PlayersBansNotesTables>, id: number): Promise<Note | undefined> {
  const row = await baseQuery(db).where('notes.id', '=', id).executeTakeFirst();
  return row ? toNote(row) : undefined;
}

export async function notesOfPlayer(
  db: Kysely<PlayersBansNotesTables>,
  steamid: string,
  canSeePrivate: boolean,
  limit = 100,
): Promise<Note[]> {
  let query = baseQuery(db).where('notes.steamid', '=', steamid);
  if (!canSeePrivate) query = query.where('notes.is_public', '=', 1);
  return (await query.orderBy('notes.id', 'desc').limit(limit).execute()).map(toNote);
}

export async function countNotes(
  db: Kysely<PlayersBansNotesTables>,
  steamid: string,
  canSeePrivate: boolean,
): Promise<number> {
  let query = db
    .selectFrom('notes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('steamid', '=', steamid)
    .where('deleted_at', 'is', null);
  if (!canSeePrivate) query = query.where('is_public', '=', 1);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * The global search's notes: those about the player q names (a Steam id or a name prefix),
 * both index reads. Note text is searched on the notes page (GET /api/notes?q=).
 */
export async function searchNotes(
  db: Kysely<PlayersBansNotesTables>,
  q: string,
  canSeePrivate: boolean,
  limit: number,
): Promise<Note[]> {
  return (await listNotes(db, { q, visibility: 'all', limit, canSeePrivate, matchBody: false })).notes;
}
