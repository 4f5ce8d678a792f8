import type { ColumnType, Generated } from 'kysely';

// Row types of the tables the notifications module owns. db/schema.ts composes them into Database;
// other modules reach these rows only through notifications's door.

export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  timestamp: number;
  /** 0 Default, 1 Info, 2 Success, 3 Warning, 4 Error. */
  level: number;
  /** English: what a reader sees when the row has no message id (written before ids, an announcement). */
  message: string;
  link: string | null;
  /** The message's id and values (JSON), drawn in each reader's language (notification-words.ts). */
  message_key: ColumnType<string | null, string | null | undefined, string | null>;
  message_params: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
}
