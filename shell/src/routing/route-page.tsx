import { containerName, type RouteEntry } from '@outpost/contracts/browser';
import { useSessionStore } from '@outpost/host';
import { AccessDenied } from '@outpost/ui/core';
import { type ComponentType, useEffect, useLayoutEffect, useState } from 'react';
import { loadedRemotePage, loadRemotePage } from '../remotes/remote-code';
import { STARTUP, useStartupStore } from '../session/startup-store';
import { useChromeStore } from './chrome-store';
import { useDocumentTitle } from './document-title';
import { Hero } from './hero';
import { LoginRequired, RetrievingSession } from './login-required';
import { LoadingTitled, RemoteBoundary } from './remote-boundary';
import { SiteNotice } from './site-notice';

/**
 * The page of a remote route: its code is fetched on first render (or was prefetched while the
 * shell started: then it draws in the same pass as the shell). Loading is component state,
 * not a suspended lazy component: React holds back the reveal of suspended content (up to
 * 300 ms), which a cold `/` would spend waiting after the page's code had arrived. A failed
 * load is thrown to the RemoteBoundary ("Section unavailable"); its Retry remounts this, and
 * remote-code.ts has forgotten the failure, so the code is fetched again.
 */
function RemotePage({ owner, route }: { owner: string; route: RouteEntry }) {
  const name = containerName(owner);
  const [page, setPage] = useState(() => loadedRemotePage(name, route.path));
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (page) return;
    let current = true;
    loadRemotePage(name, route).then(
      (loaded) => current && setPage(loaded),
      (error: unknown) => current && setFailure(error ?? new Error('load failed')),
    );
    return () => {
      current = false;
    };
  }, [name, route, page]);
  if (failure) throw failure;
  if (!page) return <LoadingTitled title={route.title} />;
  const Page = page.default as ComponentType;
  return <Page />;
}

interface Props {
  owner: string;
  route: RouteEntry;
  /** A shell page; a remote's page is fetched with the remote's code when first shown. */
  component?: ComponentType;
}

/** Title, hero, auth and permission gates and failure boundary around one routed page. */
export function RoutePage({ owner, route, component: ShellComponent }: Props) {
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
        ) : ShellComponent || owner !== 'shell' ? (
          <RemoteBoundary owner={owner} title={route.title} onRetry={() => setAttempt((attempt) => attempt + 1)}>
            {ShellComponent ? <ShellComponent /> : <RemotePage owner={owner} route={route} />}
          </RemoteBoundary>
        ) : null}
      </div>
    </>
  );
}
