import type { Notification } from '@outpost/contracts';
import { useHost, useSessionStore } from '@outpost/host';
import { formatDate, Icon, Modal } from '@outpost/ui';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { accountCatalogs } from '../account/catalogs';
import { useT } from '../i18n/catalogs';
import { levelName } from './use-notification-stream';

// The host awaits these before it draws the modal (account-modals-host.tsx).
export { accountCatalogs };

/**
 * SPEC 2: the Notifications modal; Clear closes it and clears them on the server and here.
 * SPEC 4: they are cleared when the modal is closed, however it is closed (Escape, background).
 */
export function NotificationsModal({
  onClose,
  returnFocusTo,
}: {
  onClose(): void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const host = useHost();
  const t = useT();
  const notifications = useSessionStore((state) => state.session?.notifications ?? []);
  const clear = async () => {
    onClose();
    // SPEC 8: a failed clear says nothing and leaves the list.
    const response = await host.apiFetch('/api/auth/notifications', { method: 'DELETE', quiet: true });
    if (response?.ok) useSessionStore.getState().clearNotifications();
  };
  return (
    <Modal
      returnFocusTo={returnFocusTo}
      title={t('shell.nav.notifications')}
      onClose={() => void clear()}
      footer={
        <button type="button" className="button" onClick={() => void clear()}>
          {t('shell.account.notifications.clear')}
        </button>
      }
    >
      {notifications.length === 0 ? (
        <p className="muted">{t('shell.account.notifications.empty')}</p>
      ) : (
        <ul className="notification-list">
          {notifications.map((notification) => (
            <NotificationEntry key={notification.id} notification={notification} />
          ))}
        </ul>
      )}
    </Modal>
  );
}

function NotificationEntry({ notification }: { notification: Notification }) {
  const level = levelName(notification.level);
  const time = formatDate(notification.timestamp);
  const link = notification.link;
  return (
    <li className={`notification notification-${level}`}>
      <span className="notification-icon">
        <Icon name={level} label={level} />
      </span>
      {link ? (
        link.startsWith('/') && !link.startsWith('//') ? (
          <Link className="notification-time" to={link}>
            {time}
          </Link>
        ) : (
          <a className="notification-time" href={safeHref(link)} rel="noopener noreferrer">
            {time}
          </a>
        )
      ) : (
        <span className="notification-time">{time}</span>
      )}
      <span className="notification-message">{notification.message}</span>
    </li>
  );
}

function safeHref(link: string): string | undefined {
  return /^https?:\/\//i.test(link) ? link : undefined;
}
