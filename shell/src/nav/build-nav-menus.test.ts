import type { RouteEntry } from '@outpost/contracts';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES } from '../routing/shell-routes';
import { buildNav, type NavDropdown, type NavEntry } from './build-nav';

// The route tables as the remotes' manifests declare them (issue 22's information architecture),
// trimmed to the fields the navbar reads.
const auth = { authRequired: true, nav: true } as const;
const tables: { owner: string; routes: RouteEntry[] }[] = [
  { owner: 'shell', routes: SHELL_ROUTES },
  {
    owner: 'servers',
    routes: [
      { name: 'overview', path: '/', title: 'Servers', nav: true, topLevel: true },
      {
        name: 'servers-v2',
        path: '/admin/servers',
        title: 'Servers',
        navLabel: 'Servers admin',
        topLevel: true,
        navGroup: 'staff',
        requiredPermission: 'servers.manage',
        ...auth,
      },
      {
        path: '/admin/servers-legacy',
        title: 'Legacy',
        menu: 'servers-v2',
        requiredPermission: 'servers.manage',
        ...auth,
      },
      { path: '/links', title: 'Links', nav: true, menu: 'docs', navSection: 'Community' },
    ],
  },
  {
    owner: 'players-bans-notes',
    routes: [
      { path: '/admin/players', title: 'Players', menu: 'admin', requiredPermission: 'players.view', ...auth },
      { path: '/admin/bans', title: 'Bans', menu: 'admin', requiredPermission: 'bans.create', ...auth },
      { path: '/admin/notes', title: 'Notes', menu: 'admin', requiredPermission: 'notes.create', ...auth },
      { name: 'bans', path: '/bans', title: 'Bans', nav: true, topLevel: true },
      { path: '/bans/appeals', title: 'My Appeals', ...auth },
      { path: '/reports/new', title: 'Report a player', menu: 'bans', ...auth },
      { name: 'notes', path: '/notes', title: 'Notes', nav: true, topLevel: true },
    ],
  },
  {
    owner: 'shares-addons',
    routes: [
      {
        path: '/admin/shares',
        title: 'Shares',
        topLevel: true,
        navGroup: 'staff',
        requiredPermission: 'shares.view',
        ...auth,
      },
    ],
  },
  {
    owner: 'docs',
    routes: [
      { name: 'docs', path: '/docs', title: 'Docs', nav: true, topLevel: true },
      { path: '/docs/rules', title: 'Rules', nav: true },
    ],
  },
  {
    owner: 'panel',
    routes: [
      {
        name: 'panel-dashboard',
        path: '/panel/dashboard',
        title: 'Dashboard',
        navLabel: 'Panel',
        topLevel: true,
        navGroup: 'staff',
        menuOnly: true,
        requiredPermission: 'panel.view',
        ...auth,
      },
      {
        path: '/panel/settings',
        title: 'Site settings',
        menu: 'panel-dashboard',
        requiredPermission: 'panel.settings',
        ...auth,
      },
      {
        path: '/panel/remotes',
        title: 'Remotes',
        menu: 'panel-dashboard',
        requiredPermission: 'remotes.publish',
        ...auth,
      },
      {
        path: '/panel/webhooks',
        title: 'Webhooks',
        menu: 'panel-dashboard',
        requiredPermission: 'webhooks.manage',
        ...auth,
      },
    ],
  },
];

const owner = { signedIn: true, hasPermission: () => true, hasLink: () => true };
const member = { signedIn: true, hasPermission: () => false, hasLink: () => true };
const sharer = { ...member, hasPermission: (code: string) => code === 'shares.view' };

function links(entries: NavEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.kind === 'link' ? [entry.to] : entry.sections.flatMap((section) => section.links.map((link) => link.to)),
  );
}

describe('buildNav menus (issue 22)', () => {
  it('puts the site pages first and the staff menus after, each entry once', () => {
    const nav = buildNav(tables, owner);
    expect(nav.map((entry) => [entry.label, entry.group])).toEqual([
      ['Servers', 'site'],
      ['Bans', 'site'],
      ['Notes', 'site'],
      ['Docs', 'site'],
      ['Moderation', 'staff'],
      ['Servers admin', 'staff'],
      ['Shares', 'staff'],
      ['Panel', 'staff'],
    ]);
    const all = links(nav);
    expect(new Set(all).size).toBe(all.length);
  });

  it('hangs a route in the menu it names, with the section headings the routes give', () => {
    const nav = buildNav(tables, owner);
    const panel = nav.find((entry) => entry.label === 'Panel') as NavDropdown;
    // menuOnly: the dashboard is not listed again beside its sections.
    expect(panel.sections.flatMap((s) => s.links.map((l) => l.to))).toEqual([
      '/panel/settings',
      '/panel/remotes',
      '/panel/webhooks',
    ]);
    const docs = nav.find((entry) => entry.label === 'Docs') as NavDropdown;
    expect(docs.sections.map((s) => s.title)).toEqual([undefined, undefined, 'Community']);
    const moderation = nav.find((entry) => entry.label === 'Moderation') as NavDropdown;
    expect(moderation.sections.flatMap((s) => s.links.map((l) => l.to))).toEqual([
      '/admin',
      '/admin/players',
      '/admin/bans',
      '/admin/notes',
    ]);
    // The servers admin pages under /admin are in their own menu, not Moderation's.
    const serversAdmin = nav.find((entry) => entry.label === 'Servers admin') as NavDropdown;
    expect(serversAdmin.sections.flatMap((s) => s.links.map((l) => l.to))).toEqual([
      '/admin/servers',
      '/admin/servers-legacy',
    ]);
  });

  it('offers a member only what they may open: no staff menu, Report a player under Bans', () => {
    const nav = buildNav(tables, member);
    expect(nav.map((entry) => entry.label)).toEqual(['Servers', 'Bans', 'Notes', 'Docs']);
    expect(links(nav)).toContain('/reports/new');
    // Shares alone is a plain link, not an "Admin" menu holding only Shares.
    expect(buildNav(tables, sharer).find((entry) => entry.label === 'Shares')).toMatchObject({
      kind: 'link',
      to: '/admin/shares',
    });
    expect(buildNav(tables, sharer).map((entry) => entry.label)).not.toContain('Moderation');
  });

  it('shows visitors the public pages as plain links', () => {
    const nav = buildNav(tables, { ...member, signedIn: false });
    expect(nav.map((entry) => [entry.label, entry.kind])).toEqual([
      ['Servers', 'link'],
      ['Bans', 'link'],
      ['Notes', 'link'],
      ['Docs', 'dropdown'],
    ]);
  });
});
