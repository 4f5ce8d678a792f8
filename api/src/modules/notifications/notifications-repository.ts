import type { Notification } from '@outpost/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { NotificationsTable, NotificationsTables } from './tables';

export function toNotification(row: Selectable<NotificationsTable>): Notification {
  return {
    id: String(row.id),
    timestamp: Number(row.timestamp),
    level: row.level,
    message: row.message,
    ...(row.link ? { link: row.link } : {}),
  };
}

export async function insertNotification(
  db: Kysely<NotificationsTables>,
  row: Omit<Selectable<NotificationsTable>, 'id'>,
): Promise<Notification> {
  const inserted = await db.insertInto('notifications').values(row).returningAll().executeTakeFirstOrThrow();
  return toNotification(inserted);
}

/** One notification for many users at once (a broadcast), in batches of 500 rows. */
export async function insertNotificationForUsers(
  db: Kysely<NotificationsTables>,
  userIds: readonly string[],
  row: Omit<Selectable<NotificationsTable>, 'id' | 'user_id'>,
): Promise<void> {
  for (let from = 0; from < userIds.length; from += 500) {
    const values = userIds.slice(from, from + 500).map((userId) => ({ ...row, user_id: userId }));
    await db.insertInto('notifications').values(values).execute();
  }
}

/** A user's notifications, oldest first; only those after `afterId` when given. */
export async function listNotificationRows(
  db: Kysely<NotificationsTables>,
  userId: string,
  afterId = 0,
  limit = 200,
): Promise<Notification[]> {
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map(toNotification);
}

export async function deleteNotificationRows(db: Kysely<NotificationsTables>, userId: string): Promise<void> {
  await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
}
