import { useSessionStore } from '@outpost/host';
import { useCallback } from 'react';
import { NotificationsModal } from '../notifications/notifications-modal';
import { useAccountModals } from './account-modals';
import { SettingsModal } from './settings-modal';

/** Renders whichever account modal is open (only while signed in). */
export function AccountModalsHost() {
  const open = useAccountModals((state) => state.open);
  const show = useAccountModals((state) => state.show);
  const signedIn = useSessionStore((state) => state.session !== null);
  const close = useCallback(() => show(null), [show]);
  if (!signedIn || !open) return null;
  return open === 'settings' ? <SettingsModal onClose={close} /> : <NotificationsModal onClose={close} />;
}
