import { containerName } from '@outpost/contracts';
import { rich } from '@outpost/ui/core';
import { Component, type ReactNode, Suspense } from 'react';
import { useT } from '../chrome/catalogs';
import { reportRemote } from '../remotes/release-health';
import { RemoteLoadError } from '../remotes/remote-code';
import { useRemotesStore } from '../remotes/remotes-store';

interface Props {
  /** Who owns what is inside: a remote id, or 'shell'. */
  owner: string;
  title: string;
  children: ReactNode;
  onRetry?: () => void;
}

interface State {
  error: Error | null;
  attempt: number;
}

/**
 * Every remote page renders inside one of these: a page that throws (or whose code
 * cannot be fetched) shows "section unavailable" with a retry, and nothing outside
 * the boundary (navbar, other sections, session) is touched.
 */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error(`[outpost] section "${this.props.owner}" failed`, error);
    // Load failures were reported where they happened; this is the page throwing while drawing.
    if (!(error instanceof RemoteLoadError) && this.props.owner !== 'shell') {
      const entry = useRemotesStore.getState().remotes[containerName(this.props.owner)]?.entry;
      reportRemote(entry, 'render-error', error.message);
    }
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));
  };

  override render() {
    if (this.state.error) {
      return <SectionUnavailable title={this.props.title} reason={this.state.error.message} onRetry={this.retry} />;
    }
    return (
      <Suspense key={this.state.attempt} fallback={<LoadingTitled title={this.props.title} />}>
        {this.props.children}
      </Suspense>
    );
  }
}

/** "Loading <title>…" while a page's code arrives (route-page.tsx too). */
export function LoadingTitled({ title }: { title: string }) {
  const t = useT();
  return <p className="loading">{t('shell.chrome.loading.section', { title })}</p>;
}

export function SectionUnavailable({
  title,
  reason,
  onRetry,
}: {
  title: string;
  reason: string | null;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <section className="section-unavailable" role="alert">
      <h2>{t('shell.chrome.unavailable.title')}</h2>
      <p>{rich(t, 'shell.chrome.unavailable.text', { title: <strong>{title}</strong> })}</p>
      {reason && <p className="reason">{reason}</p>}
      <button type="button" className="button" onClick={onRetry}>
        {t('shell.chrome.unavailable.retry')}
      </button>
    </section>
  );
}
