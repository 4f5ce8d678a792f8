import { remoteManifestSchema } from '@outpost/contracts';
import { expect, it } from 'vitest';
import manifest from './manifest';

const byPath = (path: string) => manifest.routes.find((route) => route.path === path);

it('is a valid manifest whose pages are all lazy and behind sign-in', () => {
  expect(remoteManifestSchema.safeParse(manifest).success).toBe(true);
  expect(manifest.routes.map((route) => route.path)).toEqual(['/discuss', '/events']);
  for (const route of manifest.routes) {
    expect(typeof route.load, route.path).toBe('function');
    expect(route.authRequired, route.path).toBe(true);
    expect(route.topLevel, route.path).toBe(true);
  }
});

it('routes its children itself (/discuss/list, /discuss/new, /events/:id) and badges unread discussions', () => {
  expect(byPath('/discuss')).toMatchObject({
    nested: true,
    requiredPermission: 'discuss.use',
    badge: 'openDiscussions',
  });
  expect(byPath('/events')?.nested).toBe(true);
});
