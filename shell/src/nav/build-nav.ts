import type { RouteEntry, RouteIcon, SessionCount } from '@outpost/contracts';

export interface NavSource {
  /** 'shell' for the shell's own routes, else the remote id. */
  owner: string;
  routes: RouteEntry[];
}

export interface NavViewer {
  signedIn: boolean;
  hasPermission(code: string): boolean;
  /** Whether the site has set a community link (meta `links`); a route with `link` shows only then. */
  hasLink(name: string): boolean;
  /** A count the session carries (a route's `badge`); 0 when signed out. */
  count?(name: SessionCount): number;
}

export interface NavLink {
  kind: 'link';
  key: string;
  label: string;
  /** Router path, or the redirect target of an external route. */
  to: string;
  external: boolean;
  icon?: RouteIcon;
  description?: string;
  tag?: string;
  /** The route's badge: which session count, and its value (only set while above 0). */
  badge?: { name: SessionCount; count: number };
}

export interface NavDropdown extends Omit<NavLink, 'kind' | 'external'> {
  kind: 'dropdown';
  /** Children grouped into sections; the navbar draws a divider between sections. */
  sections: NavLink[][];
}

export type NavEntry = NavLink | NavDropdown;

/** Label precedence from the SPEC: navigation label, then title, then name. */
export function navLabel(route: RouteEntry): string {
  return route.navLabel ?? route.title ?? route.name ?? route.path;
}

/** A nav link needs a concrete URL: optional params are dropped, a required one makes it unlinkable. */
export function linkablePath(path: string): string | null {
  const concrete = path
    .split('/')
    .filter((segment) => !(segment.startsWith(':') && segment.endsWith('?')))
    .join('/');
  if (concrete.includes(':') || concrete.includes('*')) return null;
  return concrete === '' ? '/' : concrete;
}

type Visibility = 'shown' | 'hidden' | 'forbidden';

function visibility(route: RouteEntry, viewer: NavViewer): Visibility {
  if (!route.nav) return 'hidden';
  if ((route.authRequired || route.requiredPermission) && !viewer.signedIn) return 'hidden';
  if (route.requiredPermission && !viewer.hasPermission(route.requiredPermission)) return 'forbidden';
  if (route.link && !viewer.hasLink(route.link)) return 'hidden';
  return 'shown';
}

function isUnder(child: string, parent: string): boolean {
  return parent !== '/' && child.startsWith(`${parent}/`);
}

function badgeOf(route: RouteEntry, viewer: NavViewer): NavLink['badge'] {
  if (!route.badge) return undefined;
  const count = viewer.count?.(route.badge) ?? 0;
  return count > 0 ? { name: route.badge, count } : undefined;
}

function toLink(route: RouteEntry, key: string, viewer: NavViewer): NavLink | null {
  const to = route.external ? (route.redirect ?? null) : linkablePath(route.path);
  if (!to) return null;
  return {
    kind: 'link',
    key,
    label: navLabel(route),
    to,
    external: Boolean(route.external),
    icon: route.icon,
    description: route.description,
    tag: route.tag,
    badge: badgeOf(route, viewer),
  };
}

/**
 * The navigation bar from every source's routes: top-level routes become entries;
 * a top-level route with navigable routes below its path becomes a dropdown whose
 * first item opens the route's own page and whose children follow, grouped by section
 * (navSection, else the owning remote). A dropdown whose every child the viewer lacks the
 * permission for is left out: its page would offer them nothing to open.
 */
export function buildNav(sources: NavSource[], viewer: NavViewer): NavEntry[] {
  const all = sources.flatMap((source) => source.routes.map((route) => ({ owner: source.owner, route })));
  const entries: NavEntry[] = [];
  for (const top of all) {
    if (!top.route.topLevel || visibility(top.route, viewer) !== 'shown') continue;
    const key = `${top.owner}:${top.route.path}`;
    const sections = new Map<string, NavLink[]>();
    let forbidden = 0;
    for (const child of all) {
      if (child.route.topLevel || !isUnder(child.route.path, top.route.path)) continue;
      const seen = visibility(child.route, viewer);
      if (seen === 'forbidden') forbidden++;
      if (seen !== 'shown') continue;
      const link = toLink(child.route, `${child.owner}:${child.route.path}`, viewer);
      if (!link) continue;
      const section = child.route.navSection ?? child.owner;
      sections.set(section, [...(sections.get(section) ?? []), link]);
    }
    const self = toLink(top.route, key, viewer);
    if (sections.size > 0) {
      const own =
        self && !self.external ? [{ ...self, key: `${key}:self`, label: top.route.title, tag: undefined }] : [];
      entries.push({
        kind: 'dropdown',
        key,
        label: navLabel(top.route),
        to: self?.to ?? top.route.path,
        icon: top.route.icon,
        description: top.route.description,
        tag: top.route.tag,
        badge: badgeOf(top.route, viewer),
        sections: own.length > 0 ? [own, ...sections.values()] : [...sections.values()],
      });
    } else if (self && forbidden === 0) {
      entries.push(self);
    }
  }
  return entries;
}
