import { remoteManifestSchema } from '@outpost/contracts';
import { expect, it } from 'vitest';
import manifest from './manifest';

it('is a valid manifest whose pages are all lazy and public', () => {
  expect(remoteManifestSchema.safeParse(manifest).success).toBe(true);
  for (const route of manifest.routes) {
    expect(typeof route.load).toBe('function');
    expect(route.authRequired).toBeFalsy();
  }
});

it('has /docs as a top-level entry and the children of SPEC section 2', () => {
  expect(manifest.routes.map((route) => route.path)).toEqual([
    '/docs',
    '/docs/commands/:command?',
    '/docs/cvars',
    '/docs/maps',
    '/docs/ftt',
    '/docs/extraplayers',
    '/docs/targetting',
    '/docs/notes',
    '/docs/props',
    '/docs/rules',
    '/docs/keybinds',
    '/docs/tutorials/:id?',
  ]);
  expect(manifest.routes[0]).toMatchObject({ navLabel: 'Docs', topLevel: true });
  expect(manifest.routes.at(-1)?.aliases).toEqual(['/docs/tutorial/:id?']);
});
