import type { RouteEntry } from '@outpost/contracts';
import { describe, expect, it } from 'vitest';
import { buildNav, linkablePath, type NavDropdown, navLabel } from './build-nav';

const anonymous = { signedIn: false, hasPermission: () => false };
const staff = { signedIn: true, hasPermission: (code: string) => code === 'panel.view' };

const shell: RouteEntry[] = [{ path: '/admin', title: 'Admin', nav: true, topLevel: true, authRequired: true }];
const servers: RouteEntry[] = [
  { path: '/', title: 'Servers', nav: true, topLevel: true },
  { path: '/admin/servers', title: 'Servers', nav: true, authRequired: true, tag: 'BETA' },
  { path: '/admin/servers/:groupId', title: 'Group', nav: true, authRequired: true },
  { path: '/links', title: 'Links', nav: true, topLevel: true },
  { path: '/links/stats', title: 'Stats', nav: true, external: true, redirect: 'https://stats.example.org' },
];
const moderation: RouteEntry[] = [
  { path: '/admin/bans', title: 'Bans', nav: true },
  { path: '/admin/audit/:aroundId?', title: 'Activity Log', navLabel: 'Audit Log', nav: true, authRequired: true },
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
    expect(admin.sections.map((section) => section.map((link) => link.label))).toEqual([
      ['Servers'],
      ['Bans', 'Audit Log'],
    ]);
    // Required params make a route unlinkable; optional ones are dropped.
    expect(admin.sections[1]?.[1]?.to).toBe('/admin/audit');
    expect(admin.sections[0]?.[0]?.tag).toBe('BETA');
  });

  it('renders external routes as plain links to their redirect target', () => {
    const links = buildNav(sources, anonymous).find((entry) => entry.label === 'Links') as NavDropdown;
    expect(links.sections[0]?.[0]).toMatchObject({ label: 'Stats', to: 'https://stats.example.org', external: true });
  });

  it('shows permission-gated entries only with the permission', () => {
    expect(buildNav(sources, staff).map((entry) => entry.label)).toContain('Panel');
    const noPanel = { signedIn: true, hasPermission: () => false };
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
