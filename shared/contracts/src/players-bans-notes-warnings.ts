import { z } from 'zod';
import { BAN_SCOPE_KINDS, MAX_BAN_LENGTH_SECONDS } from './players-bans-notes-bans';
import { steamIdInputSchema } from './steam-id';

// Warnings with escalation (issue 25 item 5). Staff warn a player with a reason (web: warnings.create;
// in game: POST /api/game/warnings with the server token). A warning is active until it expires (site
// setting warnings.expiryDays) or is lifted (warnings.lift). The site's ladder turns N active warnings
// into a ban, made through the ban service in the warning author's name.

export const warningSchema = z.object({
  id: z.number().int(),
  steamid: z.string(),
  playerName: z.string().nullable(),
  reason: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  /** The server it was given on (in game); null on the web. */
  serverId: z.string().nullable(),
  /** Seconds since the epoch. */
  createdAt: z.number(),
  /** null: never expires. */
  expiresAt: z.number().nullable(),
  liftedAt: z.number().nullable(),
  liftedByName: z.string().nullable(),
  status: z.enum(['active', 'expired', 'lifted']),
  /** The ban the ladder made when this warning reached a step; null otherwise. */
  escalatedBanId: z.number().int().nullable(),
});
export type Warning = z.infer<typeof warningSchema>;

/**
 * One step of the ladder: this many active warnings → a ban of this length (seconds; null =
 * permanent), counted and applied per scope:
 * - community (the default): all the player's active warnings; the ban applies everywhere;
 * - group: the active warnings given on servers of the new warning's server group; the ban applies to that group;
 * - server: the active warnings given on the new warning's server; the ban applies to that server.
 * A warning given on the web counts only for community steps unless it names its server (serverId).
 */
export const warningLadderStepSchema = z.object({
  warnings: z.number().int().min(1).max(100),
  banLength: z.number().int().min(60).max(MAX_BAN_LENGTH_SECONDS).nullable(),
  scope: z.enum(BAN_SCOPE_KINDS).default('community'),
});
export type WarningLadderStep = z.infer<typeof warningLadderStepSchema>;

export const warningSettingsSchema = z.object({
  /** Days a warning stays active; 0 = never expires. */
  expiryDays: z.number().int().min(0).max(3650),
  /** Steps by number of active warnings (each number once per scope). */
  ladder: z
    .array(warningLadderStepSchema)
    .max(10)
    .refine(
      (steps) => new Set(steps.map((s) => `${s.scope}:${s.warnings}`)).size === steps.length,
      'Each step needs its own count within its scope',
    ),
});
export type WarningSettings = z.infer<typeof warningSettingsSchema>;
export const DEFAULT_WARNING_SETTINGS: WarningSettings = { expiryDays: 30, ladder: [] };

const reasonSchema = z.string().trim().min(1, 'A warning needs a reason').max(500);

/**
 * POST /api/warnings (warnings.create). serverId: the server the warning is about (optional; 400
 * UNKNOWN_SERVER when none has that id): it then counts for that server's and its group's ladder
 * steps, as one given in game there.
 */
export const warningCreateSchema = z
  .object({ steamid: steamIdInputSchema, reason: reasonSchema, serverId: z.string().trim().min(1).max(64).optional() })
  .strict();
export type WarningCreate = z.infer<typeof warningCreateSchema>;

/** The created warning and, when it reached a ladder step, the ban made for it. */
export const warningCreatedSchema = z.object({ warning: warningSchema, banId: z.number().int().nullable() });
export type WarningCreated = z.infer<typeof warningCreatedSchema>;

/** GET /api/warnings?steamid=: staff with warnings.* or players.view, or the player about themself. */
export const warningsListQuerySchema = z.object({ steamid: steamIdInputSchema });
export const warningsListResponseSchema = z.object({ warnings: z.array(warningSchema), activeCount: z.number().int() });
export type WarningsListResponse = z.infer<typeof warningsListResponseSchema>;

/** POST /api/warnings/:id/lift (warnings.lift). */
export const warningLiftSchema = z.object({ reason: z.string().trim().max(500).default('') }).strict();

/** A warning as the connect check returns it (active ones only). */
export const gameWarningSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
  authorName: z.string().nullable(),
});
