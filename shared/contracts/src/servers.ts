// zod/mini: the servers remote parses GET /api/servers on the first load of `/`, so this file
// stays out of classic zod (the API and classic schemas compose these as they are).
import { z } from 'zod/mini';

export {
  type GameFamily,
  gameFamily,
  reportedPlayerCount,
  type ServerStatusKind,
  serverStatusKind,
} from './servers-status';

export const GAMES = ['l4d2', 'tf2', 'csgo', 'cs2', 'minecraft'] as const;
export const gameSchema = z.enum(GAMES);
export type Game = z.infer<typeof gameSchema>;

export const GROUP_TYPES = ['docker', 'custom', 'others'] as const;
export const groupTypeSchema = z.enum(GROUP_TYPES);

export const serverActionSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(60)),
  command: z.string().check(z.minLength(1), z.maxLength(500)),
  description: z._default(z.string().check(z.maxLength(300)), ''),
  color: z._default(z.string().check(z.maxLength(30)), ''),
  requiresFeatures: z._default(
    z.array(z.string().check(z.minLength(1), z.maxLength(60))).check(z.maxLength(20)),
    () => [],
  ),
  showWhen: z._default(z.enum(['any', 'online', 'offline']), 'any'),
  isHidden: z._default(z.boolean(), false),
});
export type ServerAction = z.infer<typeof serverActionSchema>;

export const serverPlayerSchema = z.object({
  name: z.string(),
  score: z.optional(z.number()),
  duration: z.optional(z.number()),
});

export const serverStatusSchema = z.object({
  data: z.nullable(
    z.object({
      players: z.array(serverPlayerSchema),
      maxplayers: z.int(),
      map: z.nullable(z.string()),
      /** Players the server reports (A2S_INFO / SLP); may exceed players.length when the list is partial. */
      playerCount: z.optional(z.int()),
    }),
  ),
  /** Seconds since epoch of the last answer from the game server, null when never. */
  updatedAt: z.nullable(z.number()),
});

export const serverSchema = z.object({
  id: z.string(),
  name: z.string(),
  host: z.string(),
  ip: z.string(),
  port: z.int(),
  online: z.boolean(),
  tags: z.array(z.string()),
  features: z.array(z.string()),
  actions: z.array(serverActionSchema),
  status: serverStatusSchema,
});
export type Server = z.infer<typeof serverSchema>;

export const serverGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  game: gameSchema,
  type: groupTypeSchema,
  templateId: z.nullable(z.string()),
  currentInstances: z.int(),
  servers: z.array(serverSchema),
});
export type ServerGroup = z.infer<typeof serverGroupSchema>;

export const serverGroupsResponseSchema = z.array(serverGroupSchema);

/** GET /api/servers/groups: the groups without their server lists. */
export const serverGroupSummarySchema = z.omit(serverGroupSchema, { servers: true });
export const serverGroupSummariesResponseSchema = z.array(serverGroupSummarySchema);
export type ServerGroupSummary = z.infer<typeof serverGroupSummarySchema>;
