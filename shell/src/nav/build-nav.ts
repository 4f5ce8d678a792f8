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

/** One section of a menu: its links, under a heading when the routes name their section. */
export interface NavSection {
  key: string;
  title?: string;
  links: NavLink[];
}

export interface NavDropdown extends Omit<NavLink, 'kind' | 'external'> {
  kind: 'dropdown';
  /** Children grouped into sections; the navbar draws a divider between sections. */
  sections: NavSection[];
}

export type NavEntry = (NavLink | NavDropdown) & {
  /** The site's pages first, then the staff tools (the navbar draws them apart). */
  group?: 'site' | 'staff';
};

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

type Owned = { owner: string; route: RouteEntry };

/** Whether `child` belongs in the menu of `top`: named by its `menu`, else under its path. */
function belongsTo(child: RouteEntry, top: RouteEntry): boolean {
  if (child.topLevel) return false;
  if (child.menu) return child.menu === top.name;
  return isUnder(child.path, top.path);
}

/**
 * The navigation bar from every source's routes: top-level routes become entries;
 * a top-level route with navigable routes in its menu (named by their `menu`, else below its
 * path) becomes a dropdown whose first item opens the route's own page (unless `menuOnly`)
 * and whose children follow, grouped by section (navSection, else the owning remote).
 * A dropdown whose every child the viewer lacks the permission for is left out: its page
 * would offer them nothing to open. Site entries come first, then staff entries.
 */
export function buildNav(sources: NavSource[], viewer: NavViewer): NavEntry[] {
  const all: Owned[] = sources.flatMap((source) => source.routes.map((route) => ({ owner: source.owner, route })));
  const entries: NavEntry[] = [];
  for (const top of all) {
    if (!top.route.topLevel || visibility(top.route, viewer) !== 'shown') continue;
    const entry = topEntry(top, all, viewer);
    if (entry) entries.push({ ...entry, group: top.route.navGroup ?? 'site' });
  }
  return [...entries.filter((e) => e.group !== 'staff'), ...entries.filter((e) => e.group === 'staff')];
}

function topEntry(top: Owned, all: Owned[], viewer: NavViewer): NavLink | NavDropdown | null {
  const key = `${top.owner}:${top.route.path}`;
  const sections = new Map<string, NavSection>();
  let forbidden = 0;
  for (const child of all) {
    if (!belongsTo(child.route, top.route)) continue;
    const seen = visibility(child.route, viewer);
    if (seen === 'forbidden') forbidden++;
    if (seen !== 'shown') continue;
    const link = toLink(child.route, `${child.owner}:${child.route.path}`, viewer);
    if (!link) continue;
    const name = child.route.navSection ?? child.owner;
    const section = sections.get(name) ?? { key: `${key}:${name}`, title: child.route.navSection, links: [] };
    section.links.push(link);
    sections.set(name, section);
  }
  const self = toLink(top.route, key, viewer);
  if (sections.size === 0) return self && forbidden === 0 && !top.route.menuOnly ? self : null;
  const own: NavSection[] =
    self && !self.external && !top.route.menuOnly
      ? [{ key: `${key}:self`, links: [{ ...self, key: `${key}:self`, label: top.route.title, tag: undefined }] }]
      : [];
  return {
    kind: 'dropdown',
    key,
    label: navLabel(top.route),
    to: self?.to ?? top.route.path,
    icon: top.route.icon,
    description: top.route.description,
    tag: top.route.tag,
    badge: badgeOf(top.route, viewer),
    // The owning remotes' own pages first, then the sections routes named (e.g. Community).
    sections: [...own, ...[...sections.values()].sort((a, b) => Number(Boolean(a.title)) - Number(Boolean(b.title)))],
  };
}
