import type { ReactNode } from 'react';
import type { Loaded } from './api';

/** Loading and failure states of one request, then the content. */
export function LoadState<T>({
  state,
  children,
  what,
}: {
  state: Loaded<T>;
  what: string;
  children(data: T): ReactNode;
}) {
  if (state.status === 'loading') return <p className="loading">Loading {what}…</p>;
  if (state.status === 'failed')
    return (
      <p className="error-text" role="alert">
        Could not load {what}: {state.message}
      </p>
    );
  return <>{children(state.data)}</>;
}
