import type { RouteEntry } from '@outpost/contracts';
import { describe, expect, it } from 'vitest';
import { buildNav, linkablePath, type NavDropdown, navLabel } from './build-nav';

const anonymous = { signedIn: false, hasPermission: () => false, hasLink: () => true };
const staff = { signedIn: true, hasPermission: (code: string) => code !== 'logs.view', hasLink: () => true };
const member = { signedIn: true, hasPermission: () => false, hasLink: () => true };

const shell: RouteEntry[] = [{ path: '/admin', title: 'Admin', nav: true, topLevel: true, authRequired: true }];
const servers: RouteEntry[] = [
  { path: '/', title: 'Servers', nav: true, topLevel: true },
  {
    path: '/admin/servers',
    title: 'Servers',
    nav: true,
    authRequired: true,
    tag: 'BETA',
    requiredPermission: 'servers.manage',
  },
  {
    path: '/admin/servers/:groupId',
    title: 'Group',
    nav: true,
    authRequired: true,
    requiredPermission: 'servers.manage',
  },
  { path: '/links', title: 'Links', nav: true, topLevel: true },
  {
    path: '/links/stats',
    title: 'Stats',
    nav: true,
    external: true,
    redirect: 'https://stats.example.org',
    link: 'stats',
  },
  {
    path: '/links/discord',
    title: 'Discord',
    nav: true,
    external: true,
    redirect: '/api/admins/discord',
    link: 'discord',
  },
];
const moderation: RouteEntry[] = [
  { path: '/admin/bans', title: 'Bans', nav: true, authRequired: true, requiredPermission: 'bans.create' },
  {
    path: '/admin/audit/:aroundId?',
    title: 'Activity Log',
    navLabel: 'Audit Log',
    nav: true,
    authRequired: true,
    requiredPermission: 'logs.view',
  },
  { path: '/bans', title: 'Bans', nav: true, topLevel: true },
];
const panel: RouteEntry[] = [
  {
    path: '/panel/dashboard',
    title: 'Dashboard',
    navLabel: 'Panel',
    nav: true,
    topLevel: true,
    authRequired: true,
    requiredPermission: 'panel.view',
  },
];
const sources = [
  { owner: 'shell', routes: shell },
  { owner: 'servers', routes: servers },
  { owner: 'players-bans-notes', routes: moderation },
  { owner: 'panel', routes: panel },
];

describe('buildNav', () => {
  it('hides auth-required and permission-gated entries from signed-out visitors', () => {
    const labels = buildNav(sources, anonymous).map((entry) => entry.label);
    expect(labels).toEqual(['Servers', 'Links', 'Bans']);
  });

  it('turns a top-level route with navigable children into a dropdown with one section per remote', () => {
    const admin = buildNav(sources, staff).find((entry) => entry.label === 'Admin') as NavDropdown;
    expect(admin.kind).toBe('dropdown');
    expect(admin.sections.map((section) => section.links.map((link) => link.label))).toEqual([
      ['Admin'],
      ['Servers'],
      ['Bans'],
    ]);
    // The first item opens the dropdown's own page.
    expect(admin.sections[0]?.links[0]?.to).toBe('/admin');
    expect(admin.sections[1]?.links[0]?.tag).toBe('BETA');
    // Required params make a route unlinkable; optional ones are dropped.
    const auditor = { ...staff, hasPermission: () => true };
    const full = buildNav(sources, auditor).find((entry) => entry.label === 'Admin') as NavDropdown;
    expect(full.sections[2]?.links.map((link) => link.to)).toEqual(['/admin/bans', '/admin/audit']);
  });

  it('shows a route’s badge with the session count it names, only while above 0', () => {
    const discuss = {
      owner: 'discuss-events',
      routes: [
        {
          path: '/discuss',
          title: 'Discussions',
          nav: true,
          topLevel: true,
          authRequired: true,
          badge: 'openDiscussions' as const,
        },
        { path: '/events', title: 'Events', nav: true, topLevel: true, authRequired: true },
      ],
    };
    const counting = (count: number) => ({ ...member, count: () => count });
    const [withCount, events] = buildNav([discuss], counting(3));
    expect(withCount?.badge).toEqual({ name: 'openDiscussions', count: 3 });
    expect(events?.badge).toBeUndefined();
    expect(buildNav([discuss], counting(0))[0]?.badge).toBeUndefined();
    // A viewer without counts (signed out, or an old caller) shows none.
    expect(buildNav([discuss], member)[0]?.badge).toBeUndefined();
  });

  it('leaves the Admin menu out for a member who may open none of its pages', () => {
    const labels = buildNav(sources, member).map((entry) => entry.label);
    expect(labels).toEqual(['Servers', 'Links', 'Bans']);
  });

  it('leaves unset community links out, and Links becomes a plain link when none is set', () => {
    const onlyDiscord = { ...anonymous, hasLink: (name: string) => name === 'discord' };
    const links = buildNav(sources, onlyDiscord).find((entry) => entry.label === 'Links') as NavDropdown;
    expect(links.sections.map((section) => section.links.map((link) => link.label))).toEqual([['Links'], ['Discord']]);
    const none = { ...anonymous, hasLink: () => false };
    expect(buildNav(sources, none).find((entry) => entry.label === 'Links')).toMatchObject({
      kind: 'link',
      to: '/links',
    });
  });

  it('renders external routes as plain links to their redirect target', () => {
    const links = buildNav(sources, anonymous).find((entry) => entry.label === 'Links') as NavDropdown;
    expect(links.sections[1]?.links[0]).toMatchObject({
      label: 'Stats',
      to: 'https://stats.example.org',
      external: true,
    });
  });

  it('shows permission-gated entries only with the permission', () => {
    expect(buildNav(sources, staff).map((entry) => entry.label)).toContain('Panel');
    const noPanel = member;
    expect(buildNav(sources, noPanel).map((entry) => entry.label)).not.toContain('Panel');
  });

  it('never nests routes under / and keeps a top-level route without children a link', () => {
    const overview = buildNav(sources, staff).find((entry) => entry.label === 'Servers');
    expect(overview).toMatchObject({ kind: 'link', to: '/' });
  });
});

describe('navLabel and linkablePath', () => {
  it('prefers navigation label, then title, then name', () => {
    expect(navLabel({ path: '/a', title: 'Title', navLabel: 'Nav', name: 'name' })).toBe('Nav');
    expect(navLabel({ path: '/a', title: 'Title', name: 'name' })).toBe('Title');
  });

  it('drops optional params and refuses required ones', () => {
    expect(linkablePath('/docs/commands/:command?')).toBe('/docs/commands');
    expect(linkablePath('/admin/servers/:groupId')).toBeNull();
    expect(linkablePath('/')).toBe('/');
  });
});
