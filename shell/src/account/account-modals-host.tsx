import { useSessionStore } from '@outpost/host';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useAccountModals } from './account-modals';

// Fetched when first opened: the modals' code stays off the first page.
// Their words come with them (./catalogs.ts): a modal draws once its catalogs have arrived.
const SettingsModal = lazy(() =>
  import('./settings-modal').then(async (module) => {
    await module.accountCatalogs.ready();
    return { default: module.SettingsModal };
  }),
);
const NotificationsModal = lazy(() =>
  import('../notifications/notifications-modal').then(async (module) => {
    await module.accountCatalogs.ready();
    return { default: module.NotificationsModal };
  }),
);

/** Renders whichever account modal is open (only while signed in). */
export function AccountModalsHost() {
  const open = useAccountModals((state) => state.open);
  const show = useAccountModals((state) => state.show);
  // Focus goes back to the control that opened the modal (the user menu's button, the bell).
  const opener = useAccountModals((state) => state.opener);
  const returnFocusTo = useMemo(() => ({ current: opener }), [opener]);
  const signedIn = useSessionStore((state) => state.session !== null);
  const close = useCallback(() => show(null), [show]);
  if (!signedIn || !open) return null;
  return (
    <Suspense fallback={null}>
      {open === 'settings' ? (
        <SettingsModal onClose={close} returnFocusTo={returnFocusTo} />
      ) : (
        <NotificationsModal onClose={close} returnFocusTo={returnFocusTo} />
      )}
    </Suspense>
  );
}
