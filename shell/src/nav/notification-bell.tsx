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
      🔔{count >= 1 && <span className="bell-count">{count}</span>}
    </button>
  );
}
