import { rich } from '@outpost/ui/core';
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../chrome/catalogs';
import { ownsPath } from '../remotes/owns-path';
import { useRemotesStore } from '../remotes/remotes-store';
import { useChromeStore } from './chrome-store';
import { useDocumentTitle } from './document-title';
import { Hero } from './hero';
import { SectionUnavailable } from './remote-boundary';

/**
 * No route matched. That is a 404 only once every remote has answered: a path of a
 * remote still loading shows "loading", one of a failed remote "section unavailable".
 */
export function CatchAll() {
  const { pathname } = useLocation();
  // No route, no demands: the navbar shows and logout needs not leave.
  const setRoute = useChromeStore((state) => state.setRoute);
  useLayoutEffect(() => setRoute({ hideNav: false, authRequired: false }), [setRoute]);
  const registry = useRemotesStore((state) => state.registry);
  const remotes = useRemotesStore((state) => state.remotes);
  const retry = useRemotesStore((state) => state.retry);
  const owner = Object.values(remotes).find(
    (remote) => remote.status !== 'ready' && ownsPath(remote.entry.prefixes, pathname),
  );

  if (registry === 'loading' || owner?.status === 'loading') return <LoadingSection />;
  if (owner?.status === 'failed') {
    return (
      <UnavailableSection name={owner.entry.name} reason={owner.error} onRetry={() => void retry(owner.entry.name)} />
    );
  }
  return <NotFound />;
}

function LoadingSection() {
  const t = useT();
  useDocumentTitle(t('shell.chrome.loading.title'));
  return <p className="loading page">{t('shell.chrome.loading.text')}</p>;
}

function UnavailableSection({ name, reason, onRetry }: { name: string; reason: string | null; onRetry: () => void }) {
  const t = useT();
  useDocumentTitle(t('shell.chrome.unavailable.title'));
  return (
    <div className="page">
      <SectionUnavailable title={name.replaceAll('_', ' ')} reason={reason} onRetry={onRetry} />
    </div>
  );
}

export function NotFound() {
  const t = useT();
  const title = t('shell.chrome.notFound.title');
  useDocumentTitle(title);
  // The router's location, not window's: the same in a browser, and there is one on a server.
  const { pathname } = useLocation();
  return (
    <>
      <Hero route={{ title, description: t('shell.chrome.notFound.description') }} />
      <div className="page">
        <p>
          {rich(t, 'shell.chrome.notFound.text', {
            path: <code>{pathname}</code>,
            home: <a href="/">{t('shell.chrome.notFound.home')}</a>,
          })}
        </p>
      </div>
    </>
  );
}
