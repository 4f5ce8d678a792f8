import type { GameCommandKind } from '@outpost/contracts';
import type { Generated } from 'kysely';

// Row types of the tables the game module owns. db/schema.ts composes them into Database;
// other modules reach these rows only through game's door.

export interface GameTokensTable {
  server_id: string;
  /** sha256 of the bearer token. */
  token_hash: string;
  created_at: number;
  last_used: number | null;
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

/** The plugin command channel (game-commands.ts): times in seconds since the epoch. */
export interface GameCommandsTable {
  id: Generated<number>;
  server_id: string;
  kind: GameCommandKind;
  /** SteamID64. */
  steamid: string;
  /** JSON of GameCommandPayload. */
  payload: string;
  created_at: number;
  delivered_at: number | null;
  attempts: number;
  acked_at: number | null;
}

export interface GameTables {
  game_tokens: GameTokensTable;
  game_events: GameEventsTable;
  game_overrides: GameOverridesTable;
  game_group_immunities: GameGroupImmunitiesTable;
  game_admin_identities: GameAdminIdentitiesTable;
  game_commands: GameCommandsTable;
}
