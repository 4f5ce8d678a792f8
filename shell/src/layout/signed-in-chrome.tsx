// What only a signed-in user's screen shows, in one chunk off a visitor's first page
// (loaded through layout/signed-in-lazy.ts).
import { NotificationBell } from '../nav/notification-bell';
import { UserMenu } from '../nav/user-menu';

// Their words (later/catalogs.ts): English with this code; the loader (signed-in-lazy.ts) waits
// for another locale's, so the first screen of a signed-in user is drawn whole in their language.
export { laterWordsReady } from '../later/catalogs';
export { default as NotificationStreamHost } from '../notifications/notification-stream-host';
// Parses its answer with a zod schema (~16 KB brotli of zod): here, not on a visitor's `/`.
export { SecondFactorBanner } from '../security/second-factor-banner';
export { BirthdayPopup } from './birthday-popup';
export { ImpersonationBar } from './impersonation-bar';

/** The navbar's end for a signed-in user: the notification bell and the user menu. */
export function SignedInNavItems() {
  return (
    <>
      <NotificationBell />
      <UserMenu />
    </>
  );
}
