import type { Generated } from 'kysely';
import type { PanelTables } from '../modules/panel/tables';
import type { SharesAddonsTables } from '../modules/shares-addons/tables';

// Table interfaces, one per table, composed into Database. JSON columns are
// stored as text on both dialects (see json-column.ts); timestamps are integer
// seconds since the epoch.

export interface SettingsTable {
  key: string;
  value: string;
}

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

export interface UsersTable {
  id: string;
  steamid: string | null;
  name: string;
  avatar_hash: string | null;
  /** SourceMod flag letters held directly (roles add theirs). */
  flags: string;
  immunity: number;
  /** JSON array of glob permission codes held directly. */
  permission_codes: string;
  birth_month: number | null;
  birth_date: number | null;
  created_at: number;
}

export interface RolesTable {
  id: string;
  name: string;
  flags: string;
  immunity: number;
  permission_codes: string;
  created_at: number;
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
}

export interface SessionsTable {
  id: string;
  /** sha256 of the cookie token: a stolen database holds no usable session. */
  token_hash: string;
  user_id: string;
  ip: string;
  country_code: string;
  login_time: number;
  last_active: number;
  impersonating_user_id: string | null;
}

export interface LogEntriesTable {
  id: Generated<number>;
  /** Seconds since the epoch. */
  timestamp: number;
  /** Who acted: an Outpost user id or a SteamID64; null for the system. */
  client: string | null;
  client_name: string | null;
  target: string | null;
  target_name: string | null;
  type: 'ACTION' | 'CHAT';
  message: string;
  server_id: string | null;
  /** 1 when the message is hidden from readers without logs.view-redacted. */
  redacted: number;
}

export interface OpenidNoncesTable {
  nonce_hash: string;
  expires_at: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  timestamp: number;
  /** 0 Default, 1 Info, 2 Success, 3 Warning, 4 Error. */
  level: number;
  message: string;
  link: string | null;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  /** sha256 of the key: the key itself is shown once and never stored. */
  key_hash: string;
  created_at: number;
  last_used: number | null;
}

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
  server_id: string | null;
  unbanned_at: number | null;
  unbanned_by_id: string | null;
  unbanned_by_name: string | null;
  unban_reason: string | null;
  updated_at: number;
}

export interface NotesTable {
  id: Generated<number>;
  steamid: string;
  body: string;
  is_public: number;
  author_id: string | null;
  author_name: string | null;
  created_at: number;
  updated_at: number;
  /** Soft delete: a deleted note stays for the record, hidden from every list. */
  deleted_at: number | null;
}

export interface GameTokensTable {
  server_id: string;
  /** sha256 of the bearer token. */
  token_hash: string;
  created_at: number;
  last_used: number | null;
}

export interface ProviderLinksTable {
  user_id: string;
  /** 'discord'. */
  provider: string;
  provider_user_id: string;
  username: string;
  avatar_url: string | null;
  /** Never selected into a response. */
  access_token: string;
  refresh_token: string | null;
  expires_at: number;
  /** 1 once a refresh failed: the user must link again. */
  expired: number;
  created_at: number;
}

export interface SetupTokensTable {
  token_hash: string;
  created_at: number;
}

export interface GameEventsTable {
  server_id: string;
  event_id: string;
  received_at: number;
}

export interface GameOverridesTable {
  type: 'command' | 'group';
  name: string;
  flags: string;
}

export interface GameGroupImmunitiesTable {
  role_id: string;
  immune_from_role_id: string;
}

export interface GameAdminIdentitiesTable {
  auth_type: 'steam' | 'ip' | 'name';
  identity: string;
  name: string;
  flags: string;
  immunity: number;
  /** JSON array of role ids. */
  role_ids: string;
}

export interface Database extends PanelTables, SharesAddonsTables {
  settings: SettingsTable;
  server_groups: ServerGroupsTable;
  servers: ServersTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  log_entries: LogEntriesTable;
  openid_nonces: OpenidNoncesTable;
  notifications: NotificationsTable;
  api_keys: ApiKeysTable;
  provider_links: ProviderLinksTable;
  setup_tokens: SetupTokensTable;
  players: PlayersTable;
  player_names: PlayerNamesTable;
  player_ips: PlayerIpsTable;
  player_servers: PlayerServersTable;
  bans: BansTable;
  notes: NotesTable;
  game_tokens: GameTokensTable;
  game_events: GameEventsTable;
  game_overrides: GameOverridesTable;
  game_group_immunities: GameGroupImmunitiesTable;
  game_admin_identities: GameAdminIdentitiesTable;
}
