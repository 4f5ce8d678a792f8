import { remoteManifestSchema } from '@outpost/contracts';
import { expect, it } from 'vitest';
import manifest from './manifest';

const byPath = (path: string) => manifest.routes.find((route) => route.path === path);

it('is a valid manifest: pages are lazy, external links redirect instead', () => {
  expect(remoteManifestSchema.safeParse(manifest).success).toBe(true);
  for (const route of manifest.routes) {
    if (route.external) expect(route.redirect, route.path).toMatch(/^\/api\//);
    else expect(typeof route.load, route.path).toBe('function');
  }
});

it('keeps the overview and /links public and every /admin page behind sign-in and servers.manage', () => {
  expect(byPath('/')).toMatchObject({ topLevel: true, navLabel: 'Servers' });
  expect(byPath('/')?.authRequired).toBeFalsy();
  expect(byPath('/links')?.authRequired).toBeFalsy();
  const admin = manifest.routes.filter((route) => route.path.startsWith('/admin'));
  expect(admin.length).toBeGreaterThan(0);
  for (const route of admin) {
    expect(route.authRequired, route.path).toBe(true);
    expect(route.requiredPermission, route.path).toBe('servers.manage');
  }
});

it('puts /links and its external links in the Docs menu, each link named for the setting it needs', () => {
  const links = manifest.routes.filter((route) => route.path.startsWith('/links'));
  expect(links.map((route) => route.path)).toEqual([
    '/links',
    '/links/stats',
    '/links/extended-stats',
    '/links/steam-group',
    '/links/discord',
  ]);
  for (const route of links) expect(route, route.path).toMatchObject({ menu: 'docs', navSection: 'Community' });
  expect(links.slice(1).map((route) => route.link)).toEqual(['stats', 'extended-stats', 'steam-group', 'discord']);
});
