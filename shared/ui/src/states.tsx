import type { Loaded } from '@outpost/host';
import type { ReactNode } from 'react';
import { Icon } from './icon';

/** A request under way: 'Loading {what}…'. */
export function LoadingState({ what }: { what: string }) {
  return (
    <p className="loading" role="status">
      Loading {what}…
    </p>
  );
}

/** A request that failed: 'Could not load {what}: {message}', with an optional retry. */
export function ErrorState({ what, message, onRetry }: { what: string; message: string; onRetry?(): void }) {
  return (
    <div className="error-state" role="alert">
      <Icon name="error" />
      <p className="error-text">
        Could not load {what}: {message}
      </p>
      {onRetry && (
        <button type="button" className="button is-light is-small" onClick={onRetry}>
          <Icon name="refresh" /> Try again
        </button>
      )}
    </div>
  );
}

/** Nothing to show (an empty list or search). */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="empty-state">
      <Icon name="empty" size={20} />
      <p>{children}</p>
    </div>
  );
}

/** The loading and failure states of one request (a Loaded<T> from useLoad), then the content. */
export function LoadState<T>({
  state,
  what,
  onRetry,
  children,
}: {
  state: Loaded<T>;
  what: string;
  onRetry?(): void;
  children(data: T): ReactNode;
}) {
  if (state.status === 'loading') return <LoadingState what={what} />;
  if (state.status === 'failed') return <ErrorState what={what} message={state.failure.message} onRetry={onRetry} />;
  return <>{children(state.data)}</>;
}
