import type { ColumnType, Generated } from 'kysely';

/** A nullable column older inserts may leave out (it defaults to null). */
type OptionalOnInsert = ColumnType<string | null, string | null | undefined, string | null>;

// Row types of the tables the players-bans-notes module owns. db/schema.ts composes them into Database;
// other modules reach these rows only through players bans notes's door.

export interface PlayersTable {
  steamid: string;
  name: string;
  /** Lowercased name: prefix search is an index range scan. */
  name_search: string;
  first_seen: number;
  last_seen: number;
  total_time: Generated<number>;
  user_id: string | null;
}

export interface PlayerNamesTable {
  steamid: string;
  name: string;
  first_seen: number;
  last_seen: number;
}

export interface PlayerIpsTable {
  steamid: string;
  ip: string;
  first_seen: number;
  last_seen: number;
}

export interface PlayerServersTable {
  steamid: string;
  server_id: string;
  first_seen: number;
  last_seen: number;
  total_time: Generated<number>;
  connected_at: number | null;
}

export interface BansTable {
  id: Generated<number>;
  type: 'ban' | 'mute' | 'gag' | 'silence';
  steamid: string | null;
  ip: string | null;
  player_name: string | null;
  player_name_search: string | null;
  reason: string;
  created_at: number;
  /** Seconds; null = permanent. */
  length: number | null;
  expires_at: number | null;
  admin_id: string | null;
  admin_name: string | null;
  /** The admin who really acted, when they did so while impersonating admin_id. */
  admin_real_id: OptionalOnInsert;
  admin_real_name: OptionalOnInsert;
  server_id: string | null;
  unbanned_at: number | null;
  unbanned_by_id: string | null;
  unbanned_by_name: string | null;
  unbanned_by_real_id: OptionalOnInsert;
  unbanned_by_real_name: OptionalOnInsert;
  unban_reason: string | null;
  updated_at: number;
  /** Where it applies (issue 25 item 3): 'community' (default), 'group' or 'server'. */
  scope_kind: ColumnType<
    'community' | 'group' | 'server',
    'community' | 'group' | 'server' | undefined,
    'community' | 'group' | 'server'
  >;
  /** The server group's or server's id; null for the community. */
  scope_id: OptionalOnInsert;
  /** The site whose federation feed this ban came from (issue 29), and where to appeal it there. */
  origin_site: OptionalOnInsert;
  origin_appeals: OptionalOnInsert;
  /** The origin's name and the entry's category (issue 27): the English reason's parts, as data. */
  origin_name: OptionalOnInsert;
  origin_category: OptionalOnInsert;
  /** Lifted through the feed: 'origin' (the origin lifted it) or 'exception' (staff here, saying why). */
  origin_lift: OptionalOnInsert;
  origin_lift_reason: OptionalOnInsert;
  /** Lifted by accepting an appeal (issue 27): its id and staff's reason, what the English unban reason says. */
  unban_appeal_id: ColumnType<number | null, number | null | undefined, number | null>;
  unban_appeal_reason: OptionalOnInsert;
}

export interface NotesTable {
  id: Generated<number>;
  steamid: string;
  body: string;
  is_public: number;
  author_id: string | null;
  author_name: string | null;
  /** The admin who really wrote it, when they did so while impersonating author_id. */
  author_real_id: OptionalOnInsert;
  author_real_name: OptionalOnInsert;
  created_at: number;
  updated_at: number;
  /** Soft delete: a deleted note stays for the record, hidden from every list. */
  deleted_at: number | null;
}

export interface PlayerReportGroupsTable {
  id: Generated<number>;
  target_steamid: string;
  target_name: string | null;
  status: 'open' | 'resolved';
  report_count: number;
  first_report_at: number;
  last_report_at: number;
  claimed_by_id: string | null;
  claimed_by_name: string | null;
  claimed_at: number | null;
  resolution: 'ban' | 'note' | 'dismiss' | null;
  resolved_by_id: string | null;
  resolved_by_name: string | null;
  resolved_at: number | null;
  ban_id: number | null;
  note_id: number | null;
  /** Staff's own words on a dismissal; never shown to reporters. */
  comment: string | null;
}

export interface PlayerReportsTable {
  id: Generated<number>;
  group_id: number;
  source: 'web' | 'game';
  /** The reporter's account (null: a game report from a player without one). */
  reporter_id: string | null;
  reporter_steamid: string | null;
  reporter_name: string;
  reason: string;
  details: string;
  /** JSON array of http(s) URLs. */
  evidence: string;
  server_id: string | null;
  created_at: number;
}

export interface BanAppealsTable {
  id: Generated<number>;
  ban_id: number;
  steamid: string;
  player_user_id: string | null;
  player_name: string | null;
  statement: string;
  state: 'open' | 'accepted' | 'denied' | 'closed';
  /** ban_id while open, else null (unique: one open appeal per ban). */
  open_ban_id: number | null;
  assignee_id: string | null;
  assignee_name: string | null;
  created_at: number;
  last_activity_at: number;
  decided_at: number | null;
  decided_by_id: string | null;
  decided_by_name: string | null;
  decision_reason: string | null;
}

export interface BanAppealMessagesTable {
  id: Generated<number>;
  appeal_id: number;
  author_role: 'player' | 'staff';
  author_id: string | null;
  author_name: string | null;
  body: string;
  /** 1 = staff-only, never shown to the player. */
  internal: number;
  created_at: number;
}

/** Warnings (warnings/): times in seconds since the epoch. */
export interface WarningsTable {
  id: Generated<number>;
  steamid: string;
  player_name: string | null;
  reason: string;
  author_id: string | null;
  author_name: string | null;
  author_real_id: string | null;
  author_real_name: string | null;
  server_id: string | null;
  created_at: number;
  expires_at: number | null;
  lifted_at: number | null;
  lifted_by_id: string | null;
  lifted_by_name: string | null;
  lift_reason: string | null;
  deleted_at: number | null;
  escalated_ban_id: number | null;
}

/** A closed session on a server (issue 28): written at disconnect; the open one is player_servers.connected_at. */
export interface PlayerSessionsTable {
  id: Generated<number>;
  steamid: string;
  server_id: string;
  started_at: number;
  ended_at: number;
}

/** Seconds played per server group and period ('all', 'w<monday yyyy-mm-dd>', 'm<yyyy-mm>'): the leaderboards. */
export interface PlayerPlaytimeTable {
  group_id: string;
  period: string;
  steamid: string;
  seconds: number;
}

export interface PlayersBansNotesTables {
  players: PlayersTable;
  player_names: PlayerNamesTable;
  player_ips: PlayerIpsTable;
  player_servers: PlayerServersTable;
  bans: BansTable;
  notes: NotesTable;
  player_report_groups: PlayerReportGroupsTable;
  player_reports: PlayerReportsTable;
  ban_appeals: BanAppealsTable;
  ban_appeal_messages: BanAppealMessagesTable;
  warnings: WarningsTable;
  player_sessions: PlayerSessionsTable;
  player_playtime: PlayerPlaytimeTable;
}
