import { useSessionStore } from '@outpost/host';
import { useAccountModals } from '../account/account-modals';
import { useT } from '../i18n/catalogs';

/** Opens the Notifications modal; the count shows only when there is at least one. */
export function NotificationBell() {
  const count = useSessionStore((state) => state.session?.notifications.length ?? 0);
  const show = useAccountModals((state) => state.show);
  const t = useT();
  // The name comes from the content ("Notifications 3"), so it holds the visible count (axe
  // label-content-name-mismatch: an aria-label "Notifications (3)" does not).
  return (
    <button
      type="button"
      className="navbar-item bell"
      title={t('shell.nav.notifications')}
      onClick={(event) => show('notifications', event.currentTarget)}
    >
      <span className="visually-hidden">{t('shell.nav.notifications')}</span>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z" />
      </svg>
      {count >= 1 && (
        <>
          {' '}
          <span className="bell-count">{count}</span>
        </>
      )}
    </button>
  );
}
