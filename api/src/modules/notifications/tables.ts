import type { Generated } from 'kysely';

// Row types of the tables the notifications module owns. db/schema.ts composes them into Database;
// other modules reach these rows only through notifications's door.

export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  timestamp: number;
  /** 0 Default, 1 Info, 2 Success, 3 Warning, 4 Error. */
  level: number;
  message: string;
  link: string | null;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
}
