import { z } from 'zod';
import { gameSchema, groupTypeSchema, serverActionSchema, serverSchema } from './servers';

// Inputs and outputs of the servers management API (permission servers.manage).
// The RCON password is write-only: inputs may carry it, no output schema has a field for it.

const tagSchema = z.string().trim().min(1).max(40);
const featureSchema = z.string().trim().min(1).max(60);
const portSchema = z.number().int().min(1).max(65535);
const idSchema = z.string().min(1).max(64);

/** A group's container template (Docker driver): image, environment and container ports. */
export const serverTemplateSchema = z.object({
  image: z.string().trim().min(1).max(255),
  env: z
    .record(
      z
        .string()
        .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
        .max(100),
      z.string().max(2000),
    )
    .default({}),
  /** Container ports to publish; the game port is the first one, a free host port is chosen for it. */
  ports: z
    .array(z.object({ container: portSchema, protocol: z.enum(['tcp', 'udp']).default('udp') }))
    .min(1)
    .max(10),
});
export type ServerTemplate = z.infer<typeof serverTemplateSchema>;

/** POST /api/servers/groups */
export const serverGroupCreateSchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().max(2000).default(''),
  game: gameSchema,
  type: groupTypeSchema,
  /** Set when new instances can be started from this group ('Create New Instance'). */
  templateId: z.string().trim().min(1).max(100).nullable().default(null),
  template: serverTemplateSchema.nullable().default(null),
  tags: z.array(tagSchema).max(20).default([]),
  actions: z.array(serverActionSchema).max(50).default([]),
  sortOrder: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type ServerGroupCreate = z.input<typeof serverGroupCreateSchema>;

/** PATCH /api/servers/groups/{id}: any subset of the create fields. */
export const serverGroupPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    description: z.string().max(2000),
    game: gameSchema,
    type: groupTypeSchema,
    templateId: z.string().trim().min(1).max(100).nullable(),
    template: serverTemplateSchema.nullable(),
    tags: z.array(tagSchema).max(20),
    actions: z.array(serverActionSchema).max(50),
    sortOrder: z.number().int().min(-1_000_000).max(1_000_000),
  })
  .partial()
  .strict();
export type ServerGroupPatch = z.input<typeof serverGroupPatchSchema>;

/**
 * A group as management sees it: the public group fields plus tags, actions and template.
 * Requested by the UI: GET /api/servers/groups/{id} (servers.manage) answers this, for the edit form.
 */
export const managedServerGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  game: gameSchema,
  type: groupTypeSchema,
  templateId: z.string().nullable(),
  template: serverTemplateSchema.nullable(),
  tags: z.array(z.string()),
  actions: z.array(serverActionSchema),
  sortOrder: z.number().int(),
});
export type ManagedServerGroup = z.infer<typeof managedServerGroupSchema>;

const rconPasswordSchema = z.string().min(1).max(200);

/** POST /api/servers. `rconPassword` is stored and never returned. */
export const serverCreateSchema = z.object({
  groupId: idSchema,
  name: z.string().trim().min(1).max(100),
  /** The name players connect to (shown in 'connect host:port'). */
  host: z.string().trim().min(1).max(255),
  /** The address the poller and RCON use. */
  ip: z.string().trim().min(1).max(64),
  port: portSchema,
  /** Query port when it differs from the game port (null: same as port). */
  queryPort: portSchema.nullable().default(null),
  /** RCON port when it differs from the game port (null: same as port). */
  rconPort: portSchema.nullable().default(null),
  rconPassword: rconPasswordSchema.nullable().default(null),
  /** e.g. '5+' and 'customs' (shown 'Custom Maps'). */
  tags: z.array(tagSchema).max(20).default([]),
  features: z.array(featureSchema).max(30).default([]),
  /** Per-server overrides of the group's actions (same command replaces). */
  actions: z.array(serverActionSchema).max(50).default([]),
  sortOrder: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type ServerCreate = z.input<typeof serverCreateSchema>;

/** PATCH /api/servers/{id}: any subset; rconPassword null clears it, absent keeps it. */
export const serverPatchSchema = z
  .object({
    groupId: idSchema,
    name: z.string().trim().min(1).max(100),
    host: z.string().trim().min(1).max(255),
    ip: z.string().trim().min(1).max(64),
    port: portSchema,
    queryPort: portSchema.nullable(),
    rconPort: portSchema.nullable(),
    rconPassword: rconPasswordSchema.nullable(),
    tags: z.array(tagSchema).max(20),
    features: z.array(featureSchema).max(30),
    actions: z.array(serverActionSchema).max(50),
    sortOrder: z.number().int().min(-1_000_000).max(1_000_000),
  })
  .partial()
  .strict();
export type ServerPatch = z.input<typeof serverPatchSchema>;

/**
 * GET/POST/PATCH /api/servers/{id}: the public server (actions merged with the group's)
 * plus the management fields. `hasRconPassword` says whether one is stored, never what it is.
 */
export const managedServerSchema = z.object({
  ...serverSchema.shape,
  groupId: z.string(),
  queryPort: z.number().int().nullable(),
  rconPort: z.number().int().nullable(),
  hasRconPassword: z.boolean(),
  /** The server's own action overrides (`actions` is the merged list). */
  ownActions: z.array(serverActionSchema),
  sortOrder: z.number().int(),
});
export type ManagedServer = z.infer<typeof managedServerSchema>;

/**
 * Requested by the UI (create-server wizard): POST /api/servers/check (servers.manage) queries
 * a game server once, live (A2S for the source family, Server List Ping for minecraft), without
 * storing anything, so the wizard can refuse to save a server that does not answer.
 */
export const serverLiveCheckRequestSchema = z.object({
  game: gameSchema,
  ip: z.string().trim().min(1).max(64),
  port: portSchema,
  queryPort: portSchema.nullable().default(null),
});
export type ServerLiveCheckRequest = z.input<typeof serverLiveCheckRequestSchema>;

export const serverLiveCheckResponseSchema = z.object({
  online: z.boolean(),
  /** What the server answered; null when it did not answer in time. */
  data: serverSchema.shape.status.shape.data,
  /** Why it is not online (time-out, refused, garbage), for people. */
  message: z.string().nullable(),
});
export type ServerLiveCheckResponse = z.infer<typeof serverLiveCheckResponseSchema>;
