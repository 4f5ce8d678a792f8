import { provideHost } from '@outpost/host';
import { Suspense, useEffect, useMemo } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { AccountModalsHost } from './account/account-modals-host';
import { createHostApi } from './host/create-host-api';
import { BirthdayPopup } from './layout/birthday-popup';
import { DemoBanner } from './layout/demo-banner';
import { Footer } from './layout/footer';
import { ImpersonationBar } from './layout/impersonation-bar';
import { KeepAlivePages } from './layout/keep-alive';
import { SteamOfflineBanner } from './layout/steam-offline-banner';
import { loadMeta } from './meta/load-meta';
import { Navbar } from './nav/navbar';
import { prefetchPath } from './nav/prefetch-path';
import { useNotificationStream } from './notifications/use-notification-stream';
import AdminPage from './pages/admin-page';
import ErrorPage from './pages/error-page';
import SearchPage from './pages/search-page';
import { useRemotesStore } from './remotes/remotes-store';
import { useChromeStore } from './routing/chrome-store';
import { buildRouteObjects } from './routing/route-table';
import { useOwnedRoutes } from './routing/use-owned-routes';
import { startSentry } from './sentry/sentry';
import { loadProfile } from './session/load-profile';
import './theme/theme-store';
import { Toasts } from './toasts/toasts';
import { TourOverlay, useTourFromQuery } from './tour/use-tour-from-query';

const SHELL_PAGES = { admin: AdminPage, search: SearchPage, error: ErrorPage };

// The host API exists before any remote code runs; navigate is re-bound once the router mounts.
let navigateImpl: (to: string, options?: { replace?: boolean }) => void = (to) => window.location.assign(to);
provideHost(createHostApi((to, options) => navigateImpl(to, options)));

/**
 * Called before the first render: the route tables are read, and the page being opened
 * fetches its remote's code as soon as its table is known, while React renders the shell.
 */
export function startRemotes(): void {
  const unsubscribe = useRemotesStore.subscribe(() => {
    if (prefetchPath(window.location.pathname)) unsubscribe();
  });
  void useRemotesStore.getState().start().finally(unsubscribe);
}

export function App() {
  useEffect(() => {
    void loadMeta().then((meta) => startSentry(meta?.sentry));
  }, []);
  return (
    <BrowserRouter>
      <Layout />
    </BrowserRouter>
  );
}

function Layout() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateImpl = (to, options) => void navigate(to, options);
  }, [navigate]);
  // Once, after the effect above has bound navigate: a failed profile call may redirect to /error.
  useEffect(() => {
    void loadProfile();
  }, []);
  useNotificationStream();
  const owned = useOwnedRoutes();
  const routes = useMemo(() => buildRouteObjects(owned, SHELL_PAGES), [owned]);
  const hideNav = useChromeStore((state) => state.hideNav);
  const touring = useTourFromQuery();
  return (
    <div className="app">
      <DemoBanner />
      {!hideNav && <Navbar />}
      <ImpersonationBar />
      <main className="main">
        <SteamOfflineBanner />
        <KeepAlivePages routes={routes} />
      </main>
      <Footer />
      <BirthdayPopup />
      <AccountModalsHost />
      <Toasts />
      {touring && (
        <Suspense fallback={null}>
          <TourOverlay />
        </Suspense>
      )}
    </div>
  );
}
