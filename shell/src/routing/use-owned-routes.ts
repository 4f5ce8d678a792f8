import { useLocaleStore } from '@outpost/host';
import { useMemo } from 'react';
import { matchRoutes } from 'react-router';
import { useRemotesStore } from '../remotes/remotes-store';
import { type OwnedRoute, routePaths } from './route-table';
import { shellRoutes } from './shell-routes';

type RemotesSnapshot = Pick<ReturnType<typeof useRemotesStore.getState>, 'order' | 'remotes'>;

/** The shell's routes followed by every remote's route table, in registry order. */
export function ownedRoutes({ order, remotes }: RemotesSnapshot): OwnedRoute[] {
  const owned: OwnedRoute[] = shellRoutes().map((route) => ({ owner: 'shell', route }));
  for (const name of order) {
    const table = remotes[name]?.table;
    if (remotes[name]?.status === 'ready' && table) {
      for (const route of table.routes) owned.push({ owner: table.id, route });
    }
  }
  return owned;
}

export function useOwnedRoutes(): OwnedRoute[] {
  const order = useRemotesStore((state) => state.order);
  const remotes = useRemotesStore((state) => state.remotes);
  // The shell's routes' words follow the locale (and arrive with the messages: shellRoutes).
  const revision = useLocaleStore((state) => state.revision);
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision is why the words change
  return useMemo(() => ownedRoutes({ order, remotes }), [order, remotes, revision]);
}

/** The route the table gives for `pathname`, and who owns it. */
export function routeAt(pathname: string): OwnedRoute | null {
  const routes = ownedRoutes(useRemotesStore.getState());
  const objects = routes.flatMap((owned) => routePaths(owned.route).map((path) => ({ path, owned })));
  const matched = matchRoutes(objects, pathname);
  return matched?.[matched.length - 1]?.route.owned ?? null;
}

/**
 * Whether the page at `pathname` needs a signed-in user, from the route table itself
 * (not from whichever page last rendered): logout and the profile check ask this.
 */
export function pathRequiresAuth(pathname: string): boolean {
  return Boolean(routeAt(pathname)?.route.authRequired);
}
