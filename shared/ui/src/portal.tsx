import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useRemoteId } from './remote-root';

/**
 * Draws its children at the end of <body>, out of any clipping or stacking parent, inside an
 * element that carries what styles them: the kit's global classes and the data-remote of the
 * remote it was opened from (so the remote's scoped layout CSS still applies). Nothing on the
 * server: overlays are never part of the first screen.
 */
export function KitPortal({ children }: { children: ReactNode }) {
  const remote = useRemoteId();
  if (typeof document === 'undefined') return null;
  return createPortal(
    <div className="kit-portal" data-remote={remote ?? undefined}>
      {children}
    </div>,
    document.body,
  );
}
