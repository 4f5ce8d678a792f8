import { can, useMetaStore, useSessionStore } from '@outpost/host';
import { useMemo } from 'react';
import { useOwnedRoutes } from '../routing/use-owned-routes';
import { buildNav, type NavEntry, type NavSource } from './build-nav';

export function useNav(): NavEntry[] {
  const owned = useOwnedRoutes();
  const session = useSessionStore((state) => state.session);
  const links = useMetaStore((state) => state.meta?.links);
  return useMemo(() => {
    const sources = new Map<string, NavSource>();
    for (const { owner, route } of owned) {
      const source = sources.get(owner) ?? { owner, routes: [] };
      source.routes.push(route);
      sources.set(owner, source);
    }
    const setLinks = new Set<string>(links ?? []);
    return buildNav([...sources.values()], {
      signedIn: session !== null,
      // The one permission check: flag 'z' (superuser) passes, as on the server.
      hasPermission: (code) => can(session, code),
      hasLink: (name) => setLinks.has(name),
      count: (name) => session?.[name] ?? 0,
    });
  }, [owned, session, links]);
}
