import { z } from 'zod';

export const GAMES = ['l4d2', 'tf2', 'csgo', 'cs2', 'minecraft'] as const;
export const gameSchema = z.enum(GAMES);
export type Game = z.infer<typeof gameSchema>;

export type GameFamily = 'source' | 'minecraft';
/** SPEC 3: l4d2, tf2, csgo, cs2 are the source family (they have a map); minecraft is its own. */
export function gameFamily(game: Game): GameFamily {
  return game === 'minecraft' ? 'minecraft' : 'source';
}

export const GROUP_TYPES = ['docker', 'custom', 'others'] as const;
export const groupTypeSchema = z.enum(GROUP_TYPES);

export const serverActionSchema = z.object({
  name: z.string().min(1).max(60),
  command: z.string().min(1).max(500),
  description: z.string().max(300).default(''),
  color: z.string().max(30).default(''),
  requiresFeatures: z.array(z.string().min(1).max(60)).max(20).default([]),
  showWhen: z.enum(['any', 'online', 'offline']).default('any'),
  isHidden: z.boolean().default(false),
});
export type ServerAction = z.infer<typeof serverActionSchema>;

export const serverPlayerSchema = z.object({
  name: z.string(),
  score: z.number().optional(),
  duration: z.number().optional(),
});

export const serverStatusSchema = z.object({
  data: z
    .object({
      players: z.array(serverPlayerSchema),
      maxplayers: z.number().int(),
      map: z.string().nullable(),
      /** Players the server reports (A2S_INFO / SLP); may exceed players.length when the list is partial. */
      playerCount: z.number().int().optional(),
    })
    .nullable(),
  /** Seconds since epoch of the last answer from the game server, null when never. */
  updatedAt: z.number().nullable(),
});

export const serverSchema = z.object({
  id: z.string(),
  name: z.string(),
  host: z.string(),
  ip: z.string(),
  port: z.number().int(),
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
  templateId: z.string().nullable(),
  currentInstances: z.number().int(),
  servers: z.array(serverSchema),
});
export type ServerGroup = z.infer<typeof serverGroupSchema>;

export const serverGroupsResponseSchema = z.array(serverGroupSchema);

/** GET /api/servers/groups: the groups without their server lists. */
export const serverGroupSummarySchema = serverGroupSchema.omit({ servers: true });
export const serverGroupSummariesResponseSchema = z.array(serverGroupSummarySchema);
export type ServerGroupSummary = z.infer<typeof serverGroupSummarySchema>;

/**
 * How many players are on: the count the server reports, which the names list may not match
 * (Minecraft answers only a sample of names; Source hides connecting players).
 */
export function reportedPlayerCount(data: { players: readonly unknown[]; playerCount?: number }): number {
  return data.playerCount ?? data.players.length;
}

/** SPEC 8: the four states a server's status icon shows. */
export type ServerStatusKind = 'empty' | 'players' | 'no-data' | 'offline';
export function serverStatusKind(server: Pick<Server, 'online' | 'status'>): ServerStatusKind {
  if (!server.online) return 'offline';
  if (!server.status.data) return 'no-data';
  return reportedPlayerCount(server.status.data) > 0 ? 'players' : 'empty';
}
