import { type Notification, notificationLevelSchema } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import { englishOf, type NotificationWords } from './notification-words';
import { announce } from './notifications-fanout';
import {
  deleteNotificationRows,
  insertNotification,
  insertNotificationForUsers,
  listNotificationRows,
} from './notifications-repository';
import { hubFor } from './stream-hub';
import type { NotificationsTables } from './tables';

export type NewNotification = {
  /** 0 Default, 1 Info, 2 Success, 3 Warning, 4 Error (NOTIFICATION_LEVELS). */
  level: number;
  /** A path on this site (or an absolute URL) the entry's timestamp links to. */
  link?: string | null;
} & (
  | {
      /** The API's own sentence: its id and values, drawn in each reader's language (issue 27). */
      words: NotificationWords;
      message?: never;
    }
  | {
      /** Someone's own words (a staff announcement), shown as written. */
      message: string;
      words?: never;
    }
);

/**
 * The one way any module notifies a user: stored, then streamed to every open
 * stream of that user on every API instance.
 */
export async function createNotification(
  db: Kysely<NotificationsTables>,
  userId: string,
  input: NewNotification,
): Promise<Notification> {
  const notification = await insertNotification(db, { user_id: userId, ...toRow(input) });
  await announce(db, [userId]);
  return notification;
}

/** The same notification for many users (e.g. every staff member): one write, one announcement. */
export async function createNotificationForUsers(
  db: Kysely<NotificationsTables>,
  userIds: readonly string[],
  input: NewNotification,
): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const range = await db.transaction().execute((trx) => insertNotificationForUsers(trx, unique, toRow(input)));
  await announce(db, unique, range);
}

function toRow(input: NewNotification) {
  const message = input.words ? englishOf(input.words) : input.message;
  return {
    timestamp: nowSeconds(),
    level: notificationLevelSchema.parse(input.level),
    message: message.slice(0, 4000),
    link: input.link ? input.link.slice(0, 2000) : null,
    message_key: input.words?.key ?? null,
    message_params: input.words ? JSON.stringify(input.words.params ?? {}) : null,
  };
}

/** A user's notifications in `locale` (the reader's: visitLocale of their request). */
export function listNotifications(
  db: Kysely<NotificationsTables>,
  userId: string,
  locale = 'en',
): Promise<Notification[]> {
  return listNotificationRows(db, userId, locale);
}

export function clearNotifications(db: Kysely<NotificationsTables>, userId: string): Promise<void> {
  return deleteNotificationRows(db, userId);
}

/** Notification streams open on this instance right now. */
export function openStreamCount(db: Kysely<NotificationsTables>): number {
  return hubFor(db).openStreams();
}
