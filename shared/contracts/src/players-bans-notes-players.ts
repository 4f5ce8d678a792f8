import { z } from 'zod';
import { cursorSchema, pageLimitSchema, searchTextSchema } from './players-bans-notes-common';

// Players: every Steam account seen on our servers or signed in to Outpost.
// GET /api/players (players.view), GET /api/players/{id} (players.view; id in any Steam id form).

export const playerSummarySchema = z.object({
  steamid: z.string(),
  /** Last name seen; the SteamID64 when none is known. */
  name: z.string(),
  /** Seconds since the epoch. */
  firstSeen: z.number(),
  lastSeen: z.number(),
  /** Seconds played over all servers. */
  totalTime: z.number(),
  /** The Outpost user id when this player has signed in. */
  userId: z.string().nullable(),
});
export type PlayerSummary = z.infer<typeof playerSummarySchema>;

export const playersListQuerySchema = z.object({
  /** Name part or any Steam id form. */
  q: searchTextSchema.optional(),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});
export const playersListResponseSchema = z.object({
  players: z.array(playerSummarySchema),
  nextCursor: z.string().nullable(),
});
export type PlayersListResponse = z.infer<typeof playersListResponseSchema>;

export const playerNameHistorySchema = z.object({ name: z.string(), firstSeen: z.number(), lastSeen: z.number() });
export const playerServerHistorySchema = z.object({
  serverId: z.string(),
  /** null when the server no longer exists. */
  serverName: z.string().nullable(),
  firstSeen: z.number(),
  lastSeen: z.number(),
  totalTime: z.number(),
  /** Connected there now since this time (its connect event, not older than 12 h); null: not connected. */
  connectedAt: z.number().nullable(),
});
export const playerIpHistorySchema = z.object({ ip: z.string(), firstSeen: z.number(), lastSeen: z.number() });

export const playerDetailSchema = playerSummarySchema.extend({
  ids: z.object({ steamid64: z.string(), steam2: z.string(), steam3: z.string(), profileUrl: z.string() }),
  names: z.array(playerNameHistorySchema),
  servers: z.array(playerServerHistorySchema),
  /** Present only for callers with players.view-ips. */
  ips: z.array(playerIpHistorySchema).optional(),
  /** Counts for the modal's tabs (notes counted as the caller may see them). */
  activeBans: z.number().int(),
  totalBans: z.number().int(),
  notes: z.number().int(),
  /** True when an external stats service is configured (GET /api/players/{id}/stats). */
  statsAvailable: z.boolean(),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

/**
 * GET /api/players/{id}/stats (players.view): the external stats service's {user}, passed through.
 * 404 {error:'NOT_FOUND', message:'No stats found for user'}; 503 when no service is configured;
 * 502 when it fails, message '{status} {statusText} {body}' (SPEC 8 order).
 */
export const playerStatsResponseSchema = z.object({ user: z.record(z.string(), z.unknown()) });
export type PlayerStatsResponse = z.infer<typeof playerStatsResponseSchema>;

/**
 * PUT /api/users/{id}/privileges (users.edit-privileges); answers the userLookupResponseSchema
 * with adminData. Refused (403) when immunityLevel is above the caller's own, when the
 * target's immunity is above the caller's, or when it would give a flag, a permission
 * pattern or a role carrying either that the caller does not hold ('z' may give anything).
 */
export const privilegesUpdateSchema = z.object({
  roleIds: z.array(z.string().min(1).max(64)).max(50),
  /** SourceMod flag letters (ADMIN_FLAGS keys), no repeats. */
  flags: z
    .string()
    .max(26)
    .regex(/^[a-tz]*$/, 'Only admin flag letters a-t and z'),
  immunityLevel: z.number().int().min(0).max(100),
  codes: z.array(z.string().min(1).max(200)).max(100),
});
export type PrivilegesUpdate = z.infer<typeof privilegesUpdateSchema>;

/** GET /api/roles (users.edit-privileges): the roles that can be given. */
export const rolesListResponseSchema = z.array(
  z.object({ id: z.string(), name: z.string(), flags: z.string(), immunityLevel: z.number().int() }),
);
