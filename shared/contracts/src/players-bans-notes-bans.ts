import { z } from 'zod';
import { federationCategorySchema } from './federation';
import { cursorSchema, pageLimitSchema, searchTextSchema } from './players-bans-notes-common';
import { steamIdInputSchema } from './steam-id';

// Bans: by SteamID and/or IP. Nothing is deleted: an unban keeps the row with who and why.
// GET /api/bans and /api/bans/{id} are public (anonymous see no IPs); create/edit/unban need
// bans.create / bans.edit / bans.unban.

/** 'ban' blocks joining; the comm kinds restrict voice (mute), text (gag) or both (silence). */
export const BAN_TYPES = ['ban', 'mute', 'gag', 'silence'] as const;
export const banTypeSchema = z.enum(BAN_TYPES);
export type BanType = z.infer<typeof banTypeSchema>;

export const BAN_STATUSES = ['active', 'expired', 'unbanned'] as const;
export const banStatusSchema = z.enum(BAN_STATUSES);
export type BanStatus = z.infer<typeof banStatusSchema>;

/**
 * Where a ban or comm block applies (issue 25 item 3): the whole community (the default, and
 * every ban made before scopes), one server group, or one server.
 */
export const BAN_SCOPE_KINDS = ['community', 'group', 'server'] as const;
export type BanScopeKind = (typeof BAN_SCOPE_KINDS)[number];
const scopeIdSchema = z.string().trim().min(1).max(64);
export const banScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('community') }).strict(),
  z.object({ kind: z.literal('group'), groupId: scopeIdSchema }).strict(),
  z.object({ kind: z.literal('server'), serverId: scopeIdSchema }).strict(),
]);
export type BanScope = z.infer<typeof banScopeSchema>;
export const COMMUNITY_SCOPE: BanScope = { kind: 'community' };
/** What the public list says of the community scope. */
export const COMMUNITY_SCOPE_NAME = 'All servers';

/**
 * A ban taken from another community's federation feed (issue 29): its address, and where the
 * player appeals it (there, not here). `name` and `category` are what the stored English reason
 * ('Cheating (from <name>)') and admin ('Federation: <name>') were made of, so a reader sees them
 * in their language (issue 27); null on bans taken before they were kept.
 */
export const banOriginSchema = z.object({
  site: z.string(),
  appeals: z.string().nullable(),
  name: z.string().nullable().optional(),
  category: federationCategorySchema.nullable().optional(),
  /**
   * Lifted through the feed: by the origin, or by an exception staff made here (with its reason),
   * what the stored English unban reason ('Lifted by <name>', 'Excepted here: …') says.
   */
  lift: z
    .object({ by: z.enum(['origin', 'exception']), reason: z.string().nullable() })
    .nullable()
    .optional(),
});

export const banSchema = z.object({
  id: z.number().int(),
  type: banTypeSchema,
  steamid: z.string().nullable(),
  /** Only for callers with players.view-ips; absent otherwise (never sent to anonymous). */
  ip: z.string().nullable().optional(),
  /** Player name at the time of the ban; null when unknown. */
  playerName: z.string().nullable(),
  reason: z.string(),
  /** Seconds since the epoch. */
  createdAt: z.number(),
  /** Length in seconds; null = permanent. */
  length: z.number().int().nullable(),
  /** createdAt + length; null = permanent. */
  expiresAt: z.number().nullable(),
  status: banStatusSchema,
  adminId: z.string().nullable(),
  /** The issuing admin's name ('Console' for the server itself). */
  adminName: z.string().nullable(),
  /** The admin who really issued it while impersonating adminId (issue 9 item 13); null otherwise. */
  adminRealId: z.string().nullable().optional(),
  adminRealName: z.string().nullable().optional(),
  serverId: z.string().nullable(),
  serverName: z.string().nullable(),
  unbannedAt: z.number().nullable(),
  unbannedById: z.string().nullable(),
  unbannedByName: z.string().nullable(),
  /** The admin who really lifted it while impersonating unbannedById; null otherwise. */
  unbannedByRealId: z.string().nullable().optional(),
  unbannedByRealName: z.string().nullable().optional(),
  unbanReason: z.string().nullable(),
  /**
   * Lifted by accepting an appeal: its id and staff's reason, what unbanReason says in English
   * ('Appeal #12 accepted: …'), for readers in other languages (issue 27). Null otherwise.
   */
  unbanAppeal: z.object({ id: z.number().int(), reason: z.string() }).nullable().optional(),
  updatedAt: z.number(),
  /** Where it applies (issue 25 item 3). serverId above is where it was given. */
  scope: banScopeSchema,
  /** 'All servers', the group's name or the server's name (the id when it no longer exists). */
  scopeName: z.string(),
  /**
   * Taken from another community's federation feed (issue 29): its address, and where the
   * player appeals it (there, not here). Absent or null for this site's own bans.
   */
  origin: banOriginSchema.nullable().optional(),
  /** An appeal exists for this ban (issue 15); its text is never part of a ban. */
  appealed: z.boolean().optional(),
});
export type Ban = z.infer<typeof banSchema>;

export const bansListQuerySchema = z.object({
  /** Player name, reason, any Steam id form, ban id, or (with players.view-ips) an IP. */
  q: searchTextSchema.optional(),
  steamid: steamIdInputSchema.optional(),
  status: z.enum(['active', 'expired', 'unbanned', 'all']).default('all'),
  type: banTypeSchema.optional(),
  adminId: z.string().max(64).optional(),
  serverId: z.string().max(64).optional(),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});
export type BansListQuery = z.input<typeof bansListQuerySchema>;
export const bansListResponseSchema = z.object({ bans: z.array(banSchema), nextCursor: z.string().nullable() });
export type BansListResponse = z.infer<typeof bansListResponseSchema>;

const ipSchema = z
  .string()
  .min(2)
  .max(45)
  .regex(/^[0-9a-fA-F:.]+$/, 'Not an IP address');
export const MAX_BAN_LENGTH_SECONDS = 10 * 365 * 24 * 3600;
const lengthSchema = z.number().int().min(60).max(MAX_BAN_LENGTH_SECONDS).nullable();

/** POST /api/bans: at least one of steamid (any form) or ip. length null = permanent. */
export const banCreateSchema = z
  .object({
    type: banTypeSchema.default('ban'),
    steamid: steamIdInputSchema.optional(),
    ip: ipSchema.optional(),
    playerName: z.string().min(1).max(100).optional(),
    reason: z.string().trim().min(1).max(500),
    length: lengthSchema,
    serverId: z.string().max(64).optional(),
    /** Where it applies; absent = the whole community. A scope beyond the giver's roles: 403 SCOPE_NOT_ALLOWED. */
    scope: banScopeSchema.default(COMMUNITY_SCOPE),
  })
  .refine((value) => value.steamid !== undefined || value.ip !== undefined, {
    message: 'A ban needs a SteamID or an IP',
    path: ['steamid'],
  });
export type BanCreate = z.input<typeof banCreateSchema>;

/** PATCH /api/bans/{id}: only an active ban; length counts from createdAt. */
export const banEditSchema = z
  .object({ reason: z.string().trim().min(1).max(500).optional(), length: lengthSchema.optional() })
  .refine((value) => value.reason !== undefined || value.length !== undefined, { message: 'Nothing to change' });
export type BanEdit = z.infer<typeof banEditSchema>;

/** POST /api/bans/{id}/unban: 409 when the ban is not active. */
export const unbanSchema = z.object({ reason: z.string().trim().min(1).max(500) });
export type Unban = z.infer<typeof unbanSchema>;
