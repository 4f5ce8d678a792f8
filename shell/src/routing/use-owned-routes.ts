import { useMemo } from 'react';
import { useRemotesStore } from '../remotes/remotes-store';
import type { OwnedRoute } from './route-table';
import { SHELL_ROUTES } from './shell-routes';

/** The shell's routes followed by every ready remote's, in registry order. */
export function useOwnedRoutes(): OwnedRoute[] {
  const order = useRemotesStore((state) => state.order);
  const remotes = useRemotesStore((state) => state.remotes);
  return useMemo(() => {
    const owned: OwnedRoute[] = SHELL_ROUTES.map((route) => ({ owner: 'shell', route }));
    for (const name of order) {
      const manifest = remotes[name]?.manifest;
      if (remotes[name]?.status === 'ready' && manifest) {
        for (const route of manifest.routes) owned.push({ owner: manifest.id, route });
      }
    }
    return owned;
  }, [order, remotes]);
}
