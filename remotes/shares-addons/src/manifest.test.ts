import { remoteManifestSchema } from '@outpost/contracts';
import { expect, it } from 'vitest';
import manifest from './manifest';

it('is a valid manifest whose one page is lazy', () => {
  expect(remoteManifestSchema.safeParse(manifest).success).toBe(true);
  expect(manifest.routes.map((route) => route.path)).toEqual(['/admin/shares']);
  expect(typeof manifest.routes[0]?.load).toBe('function');
});

it('puts Shares in the staff group, behind sign-in and shares.view, routing its modals itself', () => {
  expect(manifest.routes[0]).toMatchObject({
    topLevel: true,
    navGroup: 'staff',
    authRequired: true,
    requiredPermission: 'shares.view',
    nested: true,
  });
});
