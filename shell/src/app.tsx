import { provideHost, useSessionStore } from '@outpost/host';
import { Suspense, useEffect, useMemo } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { AccountModalsHost } from './account/account-modals-host';
import { chromeWords } from './chrome/catalogs';
import { createHostApi } from './host/create-host-api';
import { useT } from './i18n/catalogs';
import { startLocale } from './i18n/locale';
import { DemoBanner } from './layout/demo-banner';
import { Footer } from './layout/footer';
import { KeepAlivePages } from './layout/keep-alive';
import {
  BirthdayPopup,
  ImpersonationBar,
  NotificationStreamHost,
  preloadSignedInChrome,
  SecondFactorBanner,
} from './layout/signed-in-lazy';
import { SteamOfflineBanner } from './layout/steam-offline-banner';
import { loadMeta } from './meta/load-meta';
import { Navbar } from './nav/navbar';
import AdminPage from './pages/admin-page';
import DiscordDemoPage from './pages/discord-demo-page';
import ErrorPage from './pages/error-page';
import SearchPage from './pages/search-page';
import { useRemotesStore } from './remotes/remotes-store';
import { useChromeStore } from './routing/chrome-store';
import { buildRouteObjects } from './routing/route-table';
import { useOwnedRoutes } from './routing/use-owned-routes';
import { StepUpPromptHost } from './security/step-up-prompt-host';
import { startSentry } from './sentry/sentry';
import { loadProfile, requestProfileEarly, settleEarlyProfile } from './session/load-profile';
import { firstScreen } from './startup/first-screen';
import { Preloaded } from './startup/preloadable';
import './theme/theme-store';
import { Toasts } from './toasts/toasts';
import { TourOverlay, useTourFromQuery } from './tour/use-tour-from-query';

const SHELL_PAGES = { admin: AdminPage, search: SearchPage, error: ErrorPage, 'discord-demo': DiscordDemoPage };

// The host API exists before any remote code runs; navigate is re-bound once the router mounts.
let navigateImpl: (to: string, options?: { replace?: boolean }) => void = (to) => window.location.assign(to);
provideHost(createHostApi((to, options) => navigateImpl(to, options)));

/**
 * Called before the first render: the route tables are read and the page being opened fetches
 * its remote's code and data (startup/first-screen.ts); who is signed in and the site's meta
 * are asked at once. Resolves when the first screen can be drawn whole.
 */
export function startShell(): Promise<void> {
  const remotesStarted = useRemotesStore.getState().start();
  const meta = loadMeta();
  void meta.then((loaded) => startSentry(loaded?.sentry));
  const profile = requestProfileEarly();
  // A signed-in user's chrome (user menu, bell...) is asked for as soon as the profile says
  // signed in, not after the remotes have started too: on a staff page it was the last code
  // to arrive (its request waited on the remote entries).
  const chrome = profile.then((outcome) => (outcome.kind === 'signed-in' ? preloadSignedInChrome() : undefined));
  // Its failure is met where it is awaited (below), not reported as unhandled meanwhile.
  chrome.catch(() => undefined);
  // The startup state a signed-in or signed-out answer gives, settled before the first render,
  // with the chrome brought, so it is drawn in that render.
  const profileSettled = Promise.all([profile, remotesStarted]).then(async ([outcome]) => {
    settleEarlyProfile(outcome);
    await chrome;
  });
  // The served locale's catalogs (not English's: bundled) before the first render; then the
  // first-load words, which the page carries in that locale (asked for before the locale is
  // active, they would be looked for in English, not in the page, and fetched).
  const locale = startLocale().then(() => chromeWords.ready());
  return firstScreen(remotesStarted, [meta, profileSettled, locale]);
}

export function App() {
  return (
    <BrowserRouter>
      <Layout />
    </BrowserRouter>
  );
}

/** Everything inside the router: also what the server draws for a visitor's first screen (prerender/). */
export function Layout() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateImpl = (to, options) => void navigate(to, options);
  }, [navigate]);
  // Once, after the effect above has bound navigate: a failed profile call may redirect to /error.
  useEffect(() => {
    void loadProfile();
  }, []);
  const signedIn = useSessionStore((state) => state.session !== null);
  const owned = useOwnedRoutes();
  const routes = useMemo(() => buildRouteObjects(owned, SHELL_PAGES), [owned]);
  const hideNav = useChromeStore((state) => state.hideNav);
  const touring = useTourFromQuery();
  const t = useT();
  return (
    <div className="app">
      {/* The first stop of the keyboard: past the banner and the navbar, to the page. */}
      <a className="skip-link" href="#main">
        {t('shell.skipLink')}
      </a>
      <DemoBanner />
      {!hideNav && <Navbar />}
      {signedIn && <Preloaded piece={ImpersonationBar} />}
      <main className="main" id="main" tabIndex={-1}>
        <SteamOfflineBanner />
        {signedIn && <Preloaded piece={SecondFactorBanner} />}
        <KeepAlivePages routes={routes} />
      </main>
      <Footer />
      {signedIn && <Preloaded piece={BirthdayPopup} />}
      <AccountModalsHost />
      {signedIn && <StepUpPromptHost />}
      <Toasts />
      {signedIn && <Preloaded piece={NotificationStreamHost} />}
      {touring && (
        <Suspense fallback={null}>
          <TourOverlay />
        </Suspense>
      )}
    </div>
  );
}
