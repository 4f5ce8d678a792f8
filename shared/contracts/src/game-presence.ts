import { z } from 'zod';
import { steamIdInputSchema } from './steam-id';

// Who is where, now (issue 25 item 1): per server, the players connected right now (the
// plugin's connect/disconnect events, with Steam ids), the A2S names where the server has no
// plugin (names only), and the players seen there recently.
// GET /api/game-presence/{serverId} (players.view; the game module's, over players-bans-notes' door).

/** A connect older than this with no disconnect since is stale: the server never said goodbye. */
export const PRESENCE_STALE_SECONDS = 12 * 3600;

/** How far back "seen recently" looks unless the site setting says otherwise. */
export const DEFAULT_RECENT_PLAYERS_MINUTES = 60;
/** The site setting recentPlayersMinutes: 1 minute to 7 days. */
export const recentPlayersMinutesSchema = z
  .number()
  .int()
  .min(1)
  .max(7 * 24 * 60);

export const connectedPlayerSchema = z.object({
  steamid: z.string(),
  name: z.string(),
  /** Seconds since the epoch: the connect event this connection began with. */
  connectedAt: z.number(),
});
export const recentlySeenPlayerSchema = z.object({
  steamid: z.string(),
  name: z.string(),
  /** Seconds since the epoch: the disconnect (or last connect) recorded on this server. */
  lastSeen: z.number(),
});

export const serverPresenceSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  /** True when the server has a plugin token: connected players come from its events. */
  plugin: z.boolean(),
  /** From the plugin's events (empty without a plugin). */
  connected: z.array(connectedPlayerSchema),
  /**
   * Without a plugin: the names the status poller's last A2S answer listed (no Steam ids, so
   * they cannot be acted on); null when the server has a plugin.
   */
  queried: z.array(z.object({ name: z.string() })).nullable(),
  /** Left within the last recentMinutes (most recent first); the connected are not repeated. */
  recent: z.array(recentlySeenPlayerSchema),
  recentMinutes: z.number().int(),
});
export type ServerPresence = z.infer<typeof serverPresenceSchema>;

/**
 * POST /api/game-presence/{serverId}/kick (players.kick): kick a player connected to that server,
 * with a reason shown to them; through the plugin's command channel, else RCON (`kickid`).
 */
export const kickRequestSchema = z.object({
  /** Any Steam id form. */
  steamid: steamIdInputSchema,
  reason: z.string().trim().min(1, 'Give a reason').max(200),
});
export type KickRequest = z.infer<typeof kickRequestSchema>;
export const kickResponseSchema = z.object({
  serverId: z.string(),
  steamid: z.string(),
  /** How the server was told: a command on its plugin channel, or RCON. */
  via: z.enum(['plugin', 'rcon']),
  /** The queued command (via plugin); null over RCON. */
  commandId: z.number().int().nullable(),
});
export type KickResponse = z.infer<typeof kickResponseSchema>;
