import type { Generated } from 'kysely';

// Row types of the tables the servers module owns. db/schema.ts composes them into Database;
// other modules reach these rows only through servers's door.

export interface ServerGroupsTable {
  id: string;
  name: string;
  description: string;
  game: string;
  type: string;
  template_id: string | null;
  sort_order: Generated<number>;
  /** JSON array of server actions shared by the group's servers. */
  actions: string;
  /** JSON array of tags. */
  tags: Generated<string>;
  /** JSON container template (image, env, ports) new instances start from; null: none. */
  template: Generated<string | null>;
  created_at: number;
}

export interface ServersTable {
  id: string;
  group_id: string;
  name: string;
  host: string;
  ip: string;
  port: number;
  query_port: number | null;
  rcon_port: number | null;
  /** Write-only: never selected into a response. */
  rcon_password: string | null;
  tags: string;
  features: string;
  /** JSON array of per-server action overrides. */
  actions: string;
  /** JSON of the last status the poller saw, shared between API instances. */
  status: string | null;
  status_updated_at: number | null;
  sort_order: Generated<number>;
  created_at: number;
}

/** One rollup bucket of what the poller saw of a server (1 minute, 15 minutes or a day). */
export interface ServerHistoryTable {
  server_id: string;
  /** 60, 900 or 86400. */
  bucket_seconds: number;
  /** Start of the bucket, a multiple of bucket_seconds. */
  at: number;
  samples: number;
  online_samples: number;
  /** Samples that carried a player count. */
  player_samples: number;
  players_sum: number;
  players_min: number | null;
  players_max: number | null;
  max_players: number | null;
}

/**
 * One server-day of 1-minute or 15-minute buckets packed into one value (history-slots.ts): the
 * poller writes buckets as server_history rows and packs each finished hour into its day's row.
 */
export interface ServerHistoryDaysTable {
  server_id: string;
  /** 60 or 900. */
  bucket_seconds: number;
  /** Start of the day (unix seconds, a multiple of 86400). */
  day: number;
  slots: Uint8Array;
}

/** A map a server ran: ended_at null while it still runs. */
/** A server-day's ended maps (poller/map-days.ts). */
export interface ServerMapDaysTable {
  server_id: string;
  /** Start of the day the maps ended in (unix seconds, a multiple of 86400). */
  day: number;
  /** JSON [[started, ended, map], ...], times in seconds from the day's start. */
  maps: string;
}

export interface ServerMapsTable {
  id: Generated<number>;
  server_id: string;
  map: string;
  started_at: number;
  ended_at: number | null;
}

export interface ServersTables {
  server_groups: ServerGroupsTable;
  servers: ServersTable;
  server_history: ServerHistoryTable;
  server_history_days: ServerHistoryDaysTable;
  server_maps: ServerMapsTable;
  server_map_days: ServerMapDaysTable;
}
