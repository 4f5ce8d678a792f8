import { remoteManifestSchema } from '@outpost/contracts';
import { expect, it } from 'vitest';
import manifest, { DASHBOARD_SECTIONS } from './manifest';

const byPath = (path: string) => manifest.routes.find((route) => route.path === path);

it('is a valid manifest whose pages are all lazy and behind sign-in', () => {
  expect(remoteManifestSchema.safeParse(manifest).success).toBe(true);
  for (const route of manifest.routes) {
    expect(typeof route.load, route.path).toBe('function');
    expect(route.authRequired, route.path).toBe(true);
  }
});

it('gives each dashboard section a route of its own under the Panel menu, gated by its permission', () => {
  for (const section of DASHBOARD_SECTIONS) {
    expect(byPath(`/panel/${section.id}`), section.id).toMatchObject({
      menu: 'panel-dashboard',
      nav: true,
      requiredPermission: section.code,
    });
  }
  expect(byPath('/panel/dashboard')).toMatchObject({ topLevel: true, menuOnly: true, navGroup: 'staff' });
});

it('links remotes and webhooks from the Panel menu (issue 22: every page reachable from a link)', () => {
  expect(byPath('/panel/remotes')).toMatchObject({
    nav: true,
    menu: 'panel-dashboard',
    requiredPermission: 'remotes.publish',
  });
  expect(byPath('/panel/webhooks')).toMatchObject({
    nav: true,
    menu: 'panel-dashboard',
    requiredPermission: 'webhooks.manage',
  });
  expect(byPath('/panel/ui')).toMatchObject({ nav: true, requiredPermission: 'panel.view' });
});

it('keeps first-time setup open to any signed-in user (the token is the check) and out of the nav', () => {
  const setup = byPath('/panel/first-time-setup');
  expect(setup?.requiredPermission).toBeUndefined();
  expect(setup?.hideNav).toBe(true);
  expect(setup?.nav).toBeFalsy();
});
