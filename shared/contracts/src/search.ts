import { z } from 'zod';
import { banStatusSchema } from './players-bans-notes-bans';

// GET /api/search?q= : one ranked answer grouped by kind. Blank q (after trimming) answers
// {query:'', groups:[]}. Anonymous callers get public things only: bans (no IPs), public
// notes and servers; players need players.view, staff-only notes notes.view-private.
// Players and bans match a Steam id (any form), a ban id or a name prefix; notes match the
// player they are about (note text is searched on /notes); servers name, host or ip:port;
// docs pages and tutorials (doc) and commands (command) their title, summary and words, for everyone.

export const SEARCH_KINDS = ['player', 'ban', 'note', 'server', 'doc', 'command'] as const;
export const searchKindSchema = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof searchKindSchema>;

export const searchQuerySchema = z.object({ q: z.string().max(200).default('') });

export const searchHitSchema = z.object({
  kind: searchKindSchema,
  /** Player: SteamID64; ban and note: their numeric id as text; server: server id. */
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** The player the hit is about (players, bans, notes), for links into the player modal. */
  steamid: z.string().nullable(),
  /**
   * Where the hit lives in the app: player '/admin/players/{steamid}', ban '/bans?q={banId}'
   * (or the player's bans tab for staff: '/admin/players/{steamid}/bans/{banId}'),
   * note '/notes?q={steamid}', server '/admin/servers/{groupId}/{serverId}' (or '/' for anonymous),
   * doc '/docs/{page}' or '/docs/tutorials/{id}', command '/docs/commands/{name}'.
   */
  link: z.string(),
  /** Higher is better: exact id match 100, name prefix 60, substring 30. */
  score: z.number(),
  /** A ban's state at answer time (its status badge on /search); absent on other kinds. */
  status: banStatusSchema.optional(),
  /** When a ban or note was made (Unix seconds, shown with the kit's date); absent on other kinds. */
  createdAt: z.number().optional(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchGroupSchema = z.object({ kind: searchKindSchema, hits: z.array(searchHitSchema) });
/** Groups ordered by their best hit's score; at most 10 hits per group. */
export const searchResponseSchema = z.object({ query: z.string(), groups: z.array(searchGroupSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
