import { useSessionStore } from '@outpost/host';
import { useAccountModals } from '../account/account-modals';

/** Opens the Notifications modal; the count shows only when there is at least one. */
export function NotificationBell() {
  const count = useSessionStore((state) => state.session?.notifications.length ?? 0);
  const show = useAccountModals((state) => state.show);
  const label = count > 0 ? `Notifications (${count})` : 'Notifications';
  return (
    <button
      type="button"
      className="navbar-item bell"
      aria-label={label}
      title={label}
      onClick={() => show('notifications')}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z" />
      </svg>
      {count >= 1 && <span className="bell-count">{count}</span>}
    </button>
  );
}
