import { preloadable } from '../startup/preloadable';

// With its words for the active locale (see signed-in-chrome.tsx).
const chrome = () =>
  import(/* webpackChunkName: "signed-in" */ './signed-in-chrome').then((module) =>
    module.laterWordsReady.then(() => module),
  );

export const SignedInNavItems = preloadable(() => chrome().then((module) => module.SignedInNavItems));
export const ImpersonationBar = preloadable(() => chrome().then((module) => module.ImpersonationBar));
export const BirthdayPopup = preloadable(() => chrome().then((module) => module.BirthdayPopup));
export const NotificationStreamHost = preloadable(() => chrome().then((module) => module.NotificationStreamHost));
export const SecondFactorBanner = preloadable(() => chrome().then((module) => module.SecondFactorBanner));

/** Brings the signed-in chrome's code before the first render of a signed-in user's screen. */
export async function preloadSignedInChrome(): Promise<void> {
  await Promise.all(
    [SignedInNavItems, ImpersonationBar, BirthdayPopup, NotificationStreamHost, SecondFactorBanner].map((piece) =>
      piece.preload(),
    ),
  );
}
