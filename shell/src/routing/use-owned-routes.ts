import { useMemo } from 'react';
import { matchRoutes } from 'react-router';
import { useRemotesStore } from '../remotes/remotes-store';
import { type OwnedRoute, routePaths } from './route-table';
import { SHELL_ROUTES } from './shell-routes';

type RemotesSnapshot = Pick<ReturnType<typeof useRemotesStore.getState>, 'order' | 'remotes'>;

/** The shell's routes followed by every ready remote's, in registry order. */
export function ownedRoutes({ order, remotes }: RemotesSnapshot): OwnedRoute[] {
  const owned: OwnedRoute[] = SHELL_ROUTES.map((route) => ({ owner: 'shell', route }));
  for (const name of order) {
    const manifest = remotes[name]?.manifest;
    if (remotes[name]?.status === 'ready' && manifest) {
      for (const route of manifest.routes) owned.push({ owner: manifest.id, route });
    }
  }
  return owned;
}

export function useOwnedRoutes(): OwnedRoute[] {
  const order = useRemotesStore((state) => state.order);
  const remotes = useRemotesStore((state) => state.remotes);
  return useMemo(() => ownedRoutes({ order, remotes }), [order, remotes]);
}

/**
 * Whether the page at `pathname` needs a signed-in user, from the route table itself
 * (not from whichever page last rendered): logout and the profile check ask this.
 */
export function pathRequiresAuth(pathname: string): boolean {
  const routes = ownedRoutes(useRemotesStore.getState());
  const objects = routes.flatMap(({ route }) =>
    routePaths(route).map((path) => ({ path, authRequired: route.authRequired })),
  );
  const matched = matchRoutes(objects, pathname);
  return Boolean(matched?.[matched.length - 1]?.route.authRequired);
}
