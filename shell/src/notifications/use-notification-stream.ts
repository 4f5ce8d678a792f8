import { NOTIFICATION_LEVELS, type Notification } from '@outpost/contracts';
import { getHost, i18n, type NotificationLevel, useLocaleStore, useSessionStore } from '@outpost/host';
import { useEffect, useRef } from 'react';
import { startNotificationStream } from './notification-stream';

/** SPEC 9: a new notification's toast stays 7 s. */
export const NOTIFICATION_TOAST_MS = 7000;

export function levelName(level: number): NotificationLevel {
  if (level === NOTIFICATION_LEVELS.Error) return 'error';
  if (level === NOTIFICATION_LEVELS.Warning) return 'warning';
  if (level === NOTIFICATION_LEVELS.Success) return 'success';
  return 'info';
}

function newestId(notifications: Notification[]): string | null {
  let newest: string | null = null;
  for (const { id } of notifications) if (newest === null || Number(id) > Number(newest)) newest = id;
  return newest;
}

/**
 * While signed in: new notifications are appended to the session and toasted for 7 s. The API
 * writes them in the page's language (issue 27); when the reader switches language, the held
 * ones are asked for again (after=0) and come back in the new one, without a toast.
 */
export function useNotificationStream(): void {
  const userId = useSessionStore((state) => state.session?.id ?? null);
  const locale = useLocaleStore((state) => state.locale);
  const drawnIn = useRef<{ userId: string; locale: string } | null>(null);
  useEffect(() => {
    if (!userId) return;
    const switched = drawnIn.current?.userId === userId && drawnIn.current.locale !== locale;
    drawnIn.current = { userId, locale };
    const held = useSessionStore.getState().session?.notifications ?? [];
    const redrawn = new Set(switched ? held.map((notification) => notification.id) : []);
    if (switched) useSessionStore.getState().clearNotifications();
    return startNotificationStream({
      // Resume after the newest one held, or from the start (after=0): one created between the
      // profile call and the stream's start is not missed (see notificationSchema's contract).
      lastId: switched ? '0' : (newestId(held) ?? '0'),
      locale,
      onNotification(notification) {
        const known =
          redrawn.has(notification.id) ||
          useSessionStore.getState().session?.notifications.some((n) => n.id === notification.id);
        useSessionStore.getState().appendNotifications([notification]);
        if (!known) {
          getHost().notify({
            level: levelName(notification.level),
            title: i18n._('shell.nav.notifications'),
            message: notification.message,
            durationMs: NOTIFICATION_TOAST_MS,
          });
        }
      },
    });
  }, [userId, locale]);
}
