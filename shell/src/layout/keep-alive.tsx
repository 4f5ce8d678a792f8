import { Activity, useState } from 'react';
import { type Location, type RouteObject, useLocation, useNavigationType, useRoutes } from 'react-router';

/** SPEC 2: two page components are kept: the current one and the one visited before it. */
export const KEEP_ALIVE_MAX = 2;

interface CachedEntry {
  key: string;
  location: Location;
}

/**
 * Renders the routed page, keeping the last KEEP_ALIVE_MAX pages mounted but hidden
 * (React's <Activity>): going back to one finds its state (form input, scroll of its
 * tables, loaded data) as it was. Hidden pages run no effects.
 */
export function KeepAlivePages({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = location.pathname;
  const [entries, setEntries] = useState<CachedEntry[]>([]);
  let current = entries;
  const held = entries.find((entry) => entry.key === key);
  if (!held || held.location !== location) {
    // A replace (a redirect, a page correcting its own URL) takes the place of the page it
    // replaced: that one can no longer be gone back to, so it is not kept (hidden, it was a
    // second copy of the same page, dialogs and all).
    const replaced = navigationType === 'REPLACE' ? entries.at(-1)?.key : undefined;
    current = [...entries.filter((entry) => entry.key !== key && entry.key !== replaced), { key, location }].slice(
      -KEEP_ALIVE_MAX,
    );
    setEntries(current);
  }
  return current.map((entry) => (
    <Activity key={entry.key} mode={entry.key === key ? 'visible' : 'hidden'}>
      <RoutedAt routes={routes} location={entry.location} />
    </Activity>
  ));
}

function RoutedAt({ routes, location }: { routes: RouteObject[]; location: Location }) {
  return useRoutes(routes, location);
}
