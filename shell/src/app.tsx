import { provideHost } from '@outpost/host';
import { useEffect, useMemo } from 'react';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router';
import { createHostApi } from './host/create-host-api';
import { Footer } from './layout/footer';
import { loadMeta } from './meta/load-meta';
import { Navbar } from './nav/navbar';
import AdminPage from './pages/admin-page';
import ErrorPage from './pages/error-page';
import SearchPage from './pages/search-page';
import { useRemotesStore } from './remotes/remotes-store';
import { useChromeStore } from './routing/chrome-store';
import { buildRouteObjects } from './routing/route-table';
import { useOwnedRoutes } from './routing/use-owned-routes';
import { loadProfile } from './session/load-profile';
import { Toasts } from './toasts/toasts';

const SHELL_PAGES = { admin: AdminPage, search: SearchPage, error: ErrorPage };

// The host API exists before any remote code runs; navigate is re-bound once the router mounts.
let navigateImpl: (to: string, options?: { replace?: boolean }) => void = (to) => window.location.assign(to);
provideHost(createHostApi((to, options) => navigateImpl(to, options)));

export function App() {
  useEffect(() => {
    void loadMeta();
    void loadProfile();
    void useRemotesStore.getState().start();
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
  const owned = useOwnedRoutes();
  const routes = useMemo(() => buildRouteObjects(owned, SHELL_PAGES), [owned]);
  const element = useRoutes(routes);
  const hideNav = useChromeStore((state) => state.hideNav);
  return (
    <div className="app">
      {!hideNav && <Navbar />}
      <main className="main">{element}</main>
      <Footer />
      <Toasts />
    </div>
  );
}
