import { remoteManifestSchema } from '@outpost/contracts';
import { expect, it } from 'vitest';
import manifest from './manifest';

const byPath = (path: string) => manifest.routes.find((route) => route.path === path);

it('is a valid manifest whose pages are all lazy', () => {
  expect(remoteManifestSchema.safeParse(manifest).success).toBe(true);
  for (const route of manifest.routes) expect(typeof route.load).toBe('function');
});

it('keeps /bans and /notes public and everything under /admin behind sign-in', () => {
  expect(byPath('/bans')?.authRequired).toBeFalsy();
  expect(byPath('/notes')?.authRequired).toBeFalsy();
  expect(byPath('/leaderboards')?.authRequired).toBeFalsy();
  expect(byPath('/leaderboards')?.requiredPermission).toBeUndefined();
  for (const route of manifest.routes.filter((r) => r.path.startsWith('/admin'))) expect(route.authRequired).toBe(true);
});

it('routes players (alias users) below itself for the player modal', () => {
  const players = byPath('/admin/players');
  expect(players?.aliases).toEqual(['/admin/users']);
  expect(players?.nested).toBe(true);
  expect(byPath('/admin/audit/:aroundId?')).toBeTruthy();
});

it('gates every staff page on a permission; a player page is open to its own player (checked by the page)', () => {
  for (const route of manifest.routes.filter((r) => r.path.startsWith('/admin') && r.name !== 'manage-user')) {
    expect(route.requiredPermission, route.path).toBeTruthy();
  }
  expect(byPath('/admin/players/:id')?.requiredPermission).toBeUndefined();
});

it('puts public notes and leaderboards in the nav beside public bans, and "Report a player" in the Bans menu for signed-in users', () => {
  const topLevel = manifest.routes.filter((route) => route.topLevel).map((route) => route.path);
  expect(topLevel).toEqual(['/bans', '/notes', '/leaderboards']);
  expect(byPath('/reports/new')?.nav).toBe(true);
  expect(byPath('/reports/new')?.menu).toBe('bans');
  expect(byPath('/reports/new')?.authRequired).toBe(true);
  expect(byPath('/admin/reports')?.requiredPermission).toBe('reports.manage');
});
