import { NOTIFICATION_LEVELS, type Notification } from '@outpost/contracts';
import { getHost, type NotificationLevel, useSessionStore } from '@outpost/host';
import { useEffect } from 'react';
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

/** While signed in: new notifications are appended to the session and toasted for 7 s. */
export function useNotificationStream(): void {
  const userId = useSessionStore((state) => state.session?.id ?? null);
  useEffect(() => {
    if (!userId) return;
    const held = useSessionStore.getState().session?.notifications ?? [];
    return startNotificationStream({
      // Resume after the newest one held, or from the start (after=0): one created between the
      // profile call and the stream's start is not missed (see notificationSchema's contract).
      lastId: newestId(held) ?? '0',
      onNotification(notification) {
        const known = useSessionStore.getState().session?.notifications.some((n) => n.id === notification.id);
        useSessionStore.getState().appendNotifications([notification]);
        if (!known) {
          getHost().notify({
            level: levelName(notification.level),
            title: 'Notification',
            message: notification.message,
            durationMs: NOTIFICATION_TOAST_MS,
          });
        }
      },
    });
  }, [userId]);
}
