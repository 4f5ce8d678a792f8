import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { ownsPath } from '../remotes/owns-path';
import { useRemotesStore } from '../remotes/remotes-store';
import { useChromeStore } from './chrome-store';
import { useDocumentTitle } from './document-title';
import { Hero } from './hero';
import { SectionUnavailable } from './remote-boundary';
import { NOT_FOUND_TITLE } from './shell-routes';

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
  useDocumentTitle('Loading');
  return <p className="loading page">Loading…</p>;
}

function UnavailableSection({ name, reason, onRetry }: { name: string; reason: string | null; onRetry: () => void }) {
  useDocumentTitle('Section unavailable');
  return (
    <div className="page">
      <SectionUnavailable title={name.replaceAll('_', ' ')} reason={reason} onRetry={onRetry} />
    </div>
  );
}

export function NotFound() {
  useDocumentTitle(NOT_FOUND_TITLE);
  // The router's location, not window's: the same in a browser, and there is one on a server.
  const { pathname } = useLocation();
  return (
    <>
      <Hero route={{ title: NOT_FOUND_TITLE, description: 'There is no page at this address.' }} />
      <div className="page">
        <p>
          Nothing lives at <code>{pathname}</code>. <a href="/">Back to the server overview</a>.
        </p>
      </div>
    </>
  );
}
