import { containerName, type RouteEntry } from '@outpost/contracts/browser';
import { useSessionStore } from '@outpost/host';
import { AccessDenied } from '@outpost/ui';
import { type ComponentType, type LazyExoticComponent, lazy, useLayoutEffect, useState } from 'react';
import { loadRemotePage } from '../remotes/remote-code';
import { STARTUP, useStartupStore } from '../session/startup-store';
import { useChromeStore } from './chrome-store';
import { useDocumentTitle } from './document-title';
import { Hero } from './hero';
import { LoginRequired, RetrievingSession } from './login-required';
import { RemoteBoundary } from './remote-boundary';
import { SiteNotice } from './site-notice';

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * The page of a remote route, loaded on first render. A failed load is dropped from the
 * cache, so the next visit (or Retry) fetches again instead of replaying the error.
 */
function lazyRemotePage(owner: string, route: RouteEntry): LazyExoticComponent<ComponentType> {
  const key = `${owner}:${route.path}`;
  let page = lazyPages.get(key);
  if (!page) {
    page = lazy(async () => {
      try {
        return (await loadRemotePage(containerName(owner), route)) as { default: ComponentType };
      } catch (error) {
        lazyPages.delete(key);
        throw error;
      }
    });
    lazyPages.set(key, page);
  }
  return page;
}

interface Props {
  owner: string;
  route: RouteEntry;
  /** A shell page; a remote's page is fetched with the remote's code when first shown. */
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
  // Retry re-renders this component, so a page whose load failed is looked up (and fetched) anew.
  const [, setAttempt] = useState(0);
  const Page = component ?? (owner === 'shell' ? null : lazyRemotePage(owner, route));

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
          <RemoteBoundary owner={owner} title={route.title} onRetry={() => setAttempt((attempt) => attempt + 1)}>
            <Page />
          </RemoteBoundary>
        ) : null}
      </div>
    </>
  );
}
