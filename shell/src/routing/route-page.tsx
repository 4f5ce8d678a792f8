import type { RouteDescriptor } from '@outpost/contracts';
import { useSessionStore } from '@outpost/host';
import { AccessDenied } from '@outpost/ui';
import { type ComponentType, type LazyExoticComponent, lazy, useLayoutEffect } from 'react';
import { STARTUP, useStartupStore } from '../session/startup-store';
import { useChromeStore } from './chrome-store';
import { useDocumentTitle } from './document-title';
import { Hero } from './hero';
import { LoginRequired, RetrievingSession } from './login-required';
import { RemoteBoundary } from './remote-boundary';
import { SiteNotice } from './site-notice';

type Loader = () => Promise<{ default: unknown }>;
const lazyPages = new Map<Loader, LazyExoticComponent<ComponentType>>();

function lazyPage(loader: Loader): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(loader);
  if (!page) {
    page = lazy(loader as () => Promise<{ default: ComponentType }>);
    lazyPages.set(loader, page);
  }
  return page;
}

interface Props {
  owner: string;
  route: RouteDescriptor;
  /** A shell page; remote pages come from route.load. */
  component?: ComponentType;
}

/** Title, hero, auth and permission gates and failure boundary around one routed page. */
export function RoutePage({ owner, route, component }: Props) {
  useDocumentTitle(route.title);
  const setRoute = useChromeStore((state) => state.setRoute);
  useLayoutEffect(
    () => setRoute({ hideNav: Boolean(route.hideNav), authRequired: Boolean(route.authRequired) }),
    [route.hideNav, route.authRequired, setRoute],
  );
  const signedIn = useSessionStore((state) => state.session !== null);
  const required = route.requiredPermission;
  // A page that needs a permission needs a signed-in user first.
  const needsAuth = Boolean(route.authRequired || required);
  const allowed = useSessionStore((state) => !required || (state.session?.hasPermission(required) ?? false));
  const startup = useStartupStore((state) => state.state);
  const waiting = !signedIn && startup < STARTUP.needsAuth;
  const loader = route.load as Loader | undefined;
  const Page = component ?? (loader ? lazyPage(loader) : null);

  return (
    <>
      {!route.hideHero && <Hero route={route} />}
      <div className="page" data-owner={owner}>
        {route.path === '/' && <SiteNotice />}
        {needsAuth && waiting ? (
          <RetrievingSession />
        ) : needsAuth && !signedIn ? (
          <LoginRequired />
        ) : !allowed ? (
          <AccessDenied />
        ) : Page ? (
          <RemoteBoundary owner={owner} title={route.title} onRetry={() => loader && lazyPages.delete(loader)}>
            <Page />
          </RemoteBoundary>
        ) : null}
      </div>
    </>
  );
}
