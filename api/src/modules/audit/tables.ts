import type { ColumnType, Generated } from 'kysely';

/** A nullable column older inserts may leave out (it defaults to null). */
type OptionalOnInsert = ColumnType<string | null, string | null | undefined, string | null>;

// Row types of the tables the audit module owns. db/schema.ts composes them into Database;
// other modules reach these rows only through audit's door.

export interface LogEntriesTable {
  id: Generated<number>;
  /** Seconds since the epoch. */
  timestamp: number;
  /** Who acted: an Outpost user id or a SteamID64; null for the system. */
  client: string | null;
  client_name: string | null;
  /** The admin who really acted, when they did so while impersonating `client`. */
  client_real_id: OptionalOnInsert;
  client_real_name: OptionalOnInsert;
  target: string | null;
  target_name: string | null;
  type: 'ACTION' | 'CHAT';
  message: string;
  server_id: string | null;
  /** 1 when the message is hidden from readers without logs.view-redacted. */
  redacted: number;
}

export interface AuditTables {
  log_entries: LogEntriesTable;
}
