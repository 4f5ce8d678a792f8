import { z } from 'zod';
import { hasControlCharacters } from './control-characters';
import { gameIdentityRefusal } from './game-identity';
import { banTypeSchema, MAX_BAN_LENGTH_SECONDS } from './players-bans-notes-bans';
import { noteSchema } from './players-bans-notes-notes';
import { gameWarningSchema, warningCreatedSchema } from './players-bans-notes-warnings';
import { steamIdInputSchema } from './steam-id';

// The game-server integration API for SourceMod / CounterStrikeSharp plugins, under
// /api/game/ with `Authorization: Bearer <server token>`: an HTTP version of SourceMod's SQL
// admin data model. Tokens are created and rotated by staff (servers.tokens) on
// /api/game-tokens/{serverId}; only their hash is stored.

/** GET /api/game-tokens/{serverId}: whether the server has a token (the secret is never shown again). */
export const gameTokenStatusSchema = z.object({
  serverId: z.string(),
  exists: z.boolean(),
  createdAt: z.number().nullable(),
  lastUsed: z.number().nullable(),
});
/** POST /api/game-tokens/{serverId}: creates or rotates; the token is in this answer only. */
export const gameTokenCreatedSchema = gameTokenStatusSchema.extend({ token: z.string() });

/** GET /api/game/groups */
export const gameAdminGroupSchema = z.object({
  name: z.string(),
  flags: z.string(),
  immunity: z.number().int(),
  /** Group-vs-group immunity: members of this group are immune to admins of these groups. */
  immuneFrom: z.array(z.string()),
});
export const gameAdminGroupsResponseSchema = z.object({ groups: z.array(gameAdminGroupSchema) });

export const GAME_AUTH_TYPES = ['steam', 'ip', 'name'] as const;
/** GET /api/game/admins */
export const gameAdminSchema = z.object({
  /** steam: SteamID64 plus the STEAM_1 form in identitySteam2; ip: an address; name: a player name. */
  authType: z.enum(GAME_AUTH_TYPES),
  identity: z.string(),
  identitySteam2: z.string().nullable(),
  name: z.string(),
  flags: z.string(),
  immunity: z.number().int(),
  groups: z.array(z.string()),
});
export const gameAdminsResponseSchema = z.object({ admins: z.array(gameAdminSchema) });

/** GET /api/game/overrides: command (or command group) -> required flags. */
export const gameOverrideSchema = z.object({
  type: z.enum(['command', 'group']),
  name: z.string(),
  flags: z.string(),
});
export const gameOverridesResponseSchema = z.object({ overrides: z.array(gameOverrideSchema) });
/** PUT /api/game-overrides (users.edit-privileges): replaces the whole list. */
export const gameOverridesUpdateSchema = z.object({
  overrides: z
    .array(
      z.object({
        type: z.enum(['command', 'group']),
        name: z
          .string()
          .min(1)
          .max(64)
          .regex(/^[A-Za-z0-9_:.-]+$/),
        flags: z
          .string()
          .max(26)
          .regex(/^[a-tz]*$/),
      }),
    )
    .max(500),
});

/** POST /api/game/check: a ban and comm check on connect. */
export const gameCheckRequestSchema = z
  .object({
    steamid: steamIdInputSchema.optional(),
    ip: z.string().max(45).optional(),
    name: z.string().max(100).optional(),
  })
  .refine((v) => v.steamid !== undefined || v.ip !== undefined, { message: 'steamid or ip is required' });

export const gameRestrictionSchema = z.object({
  banId: z.number().int(),
  type: banTypeSchema,
  reason: z.string(),
  /** null = permanent. */
  expiresAt: z.number().nullable(),
});
export const gameCheckResponseSchema = z.object({
  status: z.enum(['banned', 'none']),
  banId: z.number().int().nullable(),
  reason: z.string().nullable(),
  expiresAt: z.number().nullable(),
  /** Text for the kick message shown to the player. */
  message: z.string().nullable(),
  /** Active mute / gag / silence restrictions. */
  comms: z.array(gameRestrictionSchema),
  /** The player's active warnings (issue 25 item 5), newest first, for the plugin to show. */
  warnings: z.array(gameWarningSchema),
});
export type GameCheckResponse = z.infer<typeof gameCheckResponseSchema>;

/** The in-game admin issuing a ban; steamid absent = the server console. */
export const gameIssuerSchema = z.object({
  steamid: steamIdInputSchema.optional(),
  name: z.string().max(100).optional(),
});

/** POST /api/game/bans: answers the created ban (banSchema, IP included: the plugin sent it). */
export const gameBanCreateSchema = z
  .object({
    type: banTypeSchema.default('ban'),
    steamid: steamIdInputSchema.optional(),
    ip: z.string().max(45).optional(),
    name: z.string().max(100).optional(),
    reason: z.string().trim().min(1).max(500),
    /** Seconds; null or 0 = permanent. */
    length: z.number().int().min(0).max(MAX_BAN_LENGTH_SECONDS).nullable(),
    admin: gameIssuerSchema.default({}),
    /**
     * Where it applies (issue 25 item 3), relative to this server: every server (absent), this
     * server's group, or this server only. An admin whose roles hold their bans to some server
     * groups must say 'group' or 'server' (else 403 SCOPE_NOT_ALLOWED).
     */
    scope: z.enum(['community', 'group', 'server']).optional(),
  })
  .refine((v) => v.steamid !== undefined || v.ip !== undefined, { message: 'steamid or ip is required' });

/** POST /api/game/warnings: warn a player from in game, with the issuing admin (escalates by the ladder). */
export const gameWarningCreateSchema = z
  .object({
    steamid: steamIdInputSchema,
    name: z.string().max(100).optional(),
    reason: z.string().trim().min(1).max(500),
    admin: gameIssuerSchema.default({}),
  })
  .strict();
export const gameWarningCreatedSchema = warningCreatedSchema;

/**
 * POST /api/game/unwarn: lift a warning from in game, by its id (the connect check lists them) or,
 * with steamid alone, the player's newest active warning.
 */
export const gameUnwarnSchema = z
  .object({
    id: z.number().int().positive().optional(),
    steamid: steamIdInputSchema.optional(),
    reason: z.string().trim().max(500).default(''),
    admin: gameIssuerSchema.default({}),
  })
  .strict()
  .refine((v) => v.id !== undefined || v.steamid !== undefined, { message: 'id or steamid is required' });
export type GameUnwarn = z.input<typeof gameUnwarnSchema>;

/** POST /api/game/unban: lifts the active restrictions of this type matching steamid/ip. */
export const gameUnbanSchema = z
  .object({
    type: banTypeSchema.default('ban'),
    steamid: steamIdInputSchema.optional(),
    ip: z.string().max(45).optional(),
    reason: z.string().trim().min(1).max(500),
    admin: gameIssuerSchema.default({}),
  })
  .refine((v) => v.steamid !== undefined || v.ip !== undefined, { message: 'steamid or ip is required' });
export const gameUnbanResponseSchema = z.object({
  unbanned: z.array(z.number().int()),
  /** Active restrictions that matched but are not this server's to lift (issue 9 item 8). */
  refused: z.array(z.number().int()),
});

/** One event from the plugin; id is the plugin's own unique id (a UUID), so retries are idempotent. */
export const gameEventSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.string().min(1).max(64),
    type: z.literal('connect'),
    timestamp: z.number().int().min(0),
    steamid: steamIdInputSchema,
    name: z.string().max(100),
    ip: z.string().max(45).optional(),
  }),
  z.object({
    id: z.string().min(1).max(64),
    type: z.literal('disconnect'),
    timestamp: z.number().int().min(0),
    steamid: steamIdInputSchema,
    name: z.string().max(100),
    reason: z.string().max(200).optional(),
  }),
  z.object({
    id: z.string().min(1).max(64),
    type: z.literal('chat'),
    timestamp: z.number().int().min(0),
    steamid: steamIdInputSchema,
    name: z.string().max(100),
    message: z.string().max(1000),
    team: z.boolean().default(false),
  }),
  z.object({
    id: z.string().min(1).max(64),
    type: z.literal('admin_chat'),
    timestamp: z.number().int().min(0),
    steamid: steamIdInputSchema,
    name: z.string().max(100),
    command: z.enum(['sm_say', 'sm_chat']),
    message: z.string().max(1000),
  }),
  z.object({
    id: z.string().min(1).max(64),
    type: z.literal('action'),
    timestamp: z.number().int().min(0),
    /** Absent = the console. */
    steamid: steamIdInputSchema.optional(),
    name: z.string().max(100).optional(),
    target: z.object({ steamid: steamIdInputSchema, name: z.string().max(100).optional() }).optional(),
    /** e.g. 'kicked "Bob" (reason "afk")'. */
    message: z.string().min(1).max(1000),
  }),
]);
export type GameEvent = z.input<typeof gameEventSchema>;
export const MAX_EVENTS_PER_BATCH = 500;
export const gameEventsBatchSchema = z.object({ events: z.array(gameEventSchema).min(1).max(MAX_EVENTS_PER_BATCH) });
/** accepted: newly stored; duplicates: event ids already seen (a retried batch). */
export const gameEventsResponseSchema = z.object({ accepted: z.number().int(), duplicates: z.number().int() });

/** GET /api/game/notes/{steamid}: every note on the player (in-game admins are staff). */
export const gameNotesResponseSchema = z.object({ notes: z.array(noteSchema) });

/**
 * GET (users.view-admin) / PUT (users.edit-privileges) /api/game-group-immunities: group-vs-group
 * immunity between roles, by role id. PUT replaces the whole list.
 */
export const gameGroupImmunitiesSchema = z.object({
  immunities: z
    .array(z.object({ roleId: z.string().min(1).max(64), immuneFromRoleId: z.string().min(1).max(64) }))
    .max(500),
});

/**
 * GET (users.view-admin) / PUT (users.edit-privileges) /api/game-admin-identities: admins that
 * are not Outpost accounts, identified by IP, by name or by a Steam id. PUT replaces the list.
 */
export const gameAdminIdentitySchema = z
  .object({
    authType: z.enum(GAME_AUTH_TYPES),
    /**
     * steam: any Steam id form (stored as SteamID64); ip: an address; name: the exact player name.
     * No control characters in either (they would start new lines in admins_simple.ini).
     */
    identity: z
      .string()
      .min(1)
      .max(100)
      .refine((value) => !hasControlCharacters(value), 'No control characters'),
    name: z
      .string()
      .min(1)
      .max(100)
      .refine((value) => !hasControlCharacters(value), 'No control characters'),
    flags: z
      .string()
      .max(26)
      .regex(/^[a-tz]*$/),
    immunity: z.number().int().min(0).max(100),
    roleIds: z.array(z.string().min(1).max(64)).max(50),
  })
  .superRefine((admin, context) => {
    const refusal = gameIdentityRefusal(admin.authType, admin.identity);
    if (refusal) context.addIssue({ code: 'custom', path: ['identity'], message: refusal });
  });
export type GameAdminIdentity = z.infer<typeof gameAdminIdentitySchema>;
/** PUT's body: every entry checked by the rules above. */
export const gameAdminIdentitiesSchema = z.object({ admins: z.array(gameAdminIdentitySchema).max(1000) });
/**
 * The stored list as served: the same fields, unchecked (a row stored before a rule was
 * tightened is still listed, so staff can see and replace it; the file leaves it out).
 */
export const gameAdminIdentitiesListSchema = z.object({
  admins: z.array(
    z.object({
      authType: z.enum(GAME_AUTH_TYPES),
      identity: z.string(),
      name: z.string(),
      flags: z.string(),
      immunity: z.number().int(),
      roleIds: z.array(z.string()),
    }),
  ),
});

/**
 * The plugin command channel (issue 25 item 2): what Outpost asks a game server's plugin to do
 * now, e.g. kick a player banned on the web while they play. `kick` and `ban` kick the player
 * with `message`; `mute`/`gag`/`silence` apply the comm block for the session, `unmute`/
 * `ungag`/`unsilence` lift it; `warn` shows `message`; `unban` is informational (drop any cache).
 */
export const GAME_COMMAND_KINDS = [
  'kick',
  'ban',
  'mute',
  'gag',
  'silence',
  'unmute',
  'ungag',
  'unsilence',
  'warn',
  'unban',
] as const;
export const gameCommandKindSchema = z.enum(GAME_COMMAND_KINDS);
export type GameCommandKind = z.infer<typeof gameCommandKindSchema>;

/** Longest a plugin may hold GET /api/game/commands open, in seconds. */
export const GAME_COMMANDS_MAX_WAIT_SECONDS = 25;

/** GET /api/game/commands?wait=<seconds>: how long to hold the request when nothing is pending. */
export const gameCommandsQuerySchema = z.object({
  wait: z.coerce.number().int().min(0).max(GAME_COMMANDS_MAX_WAIT_SECONDS).default(GAME_COMMANDS_MAX_WAIT_SECONDS),
});

/** What is stored with a command besides its kind and player. */
export interface GameCommandPayload {
  message: string;
  banId: number | null;
  reason: string | null;
  expiresAt: number | null;
  /** `warn`: the player's active warnings, this one included. */
  activeWarnings?: number | null;
  /** `warn`: the warning's id. */
  warningId?: number | null;
}

export const gameCommandSchema = z.object({
  /** Unique per command: the plugin runs a command id once, however often it is delivered. */
  id: z.number().int(),
  kind: gameCommandKindSchema,
  /** SteamID64. */
  steamid: z.string(),
  /** The same player as STEAM_1:X:Y (SourceMod's `#STEAM_...` target). */
  steam2: z.string(),
  /** What to show the player (the kick message for `ban` and `kick`). */
  message: z.string(),
  banId: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** null = permanent (or not a restriction). */
  expiresAt: z.number().nullable(),
  /** `warn`: the player's active warnings, this one included (null for the other kinds). */
  activeWarnings: z.number().int().nullable(),
  /** `warn`: the warning's id (null for the other kinds). */
  warningId: z.number().int().nullable(),
  createdAt: z.number(),
  /** 1 on first delivery; more means it was not acknowledged in time and comes again. */
  attempt: z.number().int(),
});
export type GameCommand = z.infer<typeof gameCommandSchema>;
export const gameCommandsResponseSchema = z.object({ commands: z.array(gameCommandSchema) });

/** POST /api/game/commands/ack: the ids the plugin has carried out (or already had). */
export const gameCommandsAckSchema = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(500) });
export const gameCommandsAckResponseSchema = z.object({ acknowledged: z.array(z.number().int()) });
