// The routes' words (titles, nav labels, descriptions, back links) in another language, for
// the language menu (issue 27). The server serves the route tables in the visitor's language
// alone, so a switch asks it for the new language's (/remotes.json?locale=) before the panel
// switches. Loaded only when the language changes: no byte of it in the first load.
import { type Locale, type RegistryEntry, type RouteTable, registrySchema } from '@outpost/contracts/browser';
import { REMOTE_LOAD_TIMEOUT_MS, type RemoteState, useRemotesStore } from './remotes-store';
import { validateRouteTable } from './validate-manifest';
import { withTimeout } from './with-timeout';

type Route = RouteTable['routes'][number];
const WORDS = ['title', 'navLabel', 'description', 'navSection'] as const;

/** `route` with the words of `worded` (the same route in another language); links keep their targets. */
function reworded(route: Route, worded: Route | undefined): Route {
  if (!worded) return route;
  const next: Route = { ...route };
  for (const field of WORDS) if (route[field] !== undefined && worded[field] !== undefined) next[field] = worded[field];
  for (const link of ['prevRoute', 'nextRoute'] as const) {
    const own = route[link];
    const label = worded[link]?.label;
    if (own && label) next[link] = { ...own, label };
  }
  return next;
}

/** A remote's state with the words of `entry`'s table, when that table is valid and of the same remote. */
function withWords(state: RemoteState, entry: RegistryEntry | undefined): RemoteState {
  if (!state.table || entry?.routeTable === undefined) return state;
  const check = validateRouteTable(state.entry.name, entry.routeTable);
  if (!check.ok || check.table.id !== state.table.id) return state;
  const byPath = new Map(check.table.routes.map((route) => [route.path, route]));
  return {
    ...state,
    table: { ...state.table, routes: state.table.routes.map((r) => reworded(r, byPath.get(r.path))) },
  };
}

/**
 * Fetches the route tables in `locale`; resolves to what puts their words in place (called
 * when the panel switches, so the navbar and the page change language together). A failure
 * leaves the words as they are: the switch itself does not wait on this.
 */
export async function routeWordsIn(locale: Locale): Promise<() => void> {
  const response = await withTimeout(
    fetch(`/remotes.json?locale=${encodeURIComponent(locale)}`, { cache: 'no-cache' }),
    REMOTE_LOAD_TIMEOUT_MS,
    'The remote registry',
  );
  if (!response.ok) throw new Error(`The remote registry: ${response.status}`);
  const parsed = registrySchema.safeParse(await response.json());
  if (!parsed.success) throw new Error('The remote registry is invalid');
  const entries = new Map(parsed.data.map((entry) => [entry.name, entry]));
  return () =>
    useRemotesStore.setState((current) => ({
      remotes: Object.fromEntries(
        Object.entries(current.remotes).map(([name, state]) => [name, withWords(state, entries.get(name))]),
      ),
    }));
}
