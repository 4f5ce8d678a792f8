import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, remoteManifestSchema } from '@outpost/contracts';
import { expect, it } from 'vitest';
import { DOCS_PAGES } from './docs-pages';
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

// The side nav and the index's cards name each page by its route's words, which only the route
// table carries (the build leaves `docs.route.*` out of the browser's catalogs): said again as
// `docs.pages.<id>.*`, equal in every locale.
it.each(LOCALES)('names the pages in the side nav and cards as their routes do, in %s', (locale) => {
  const catalog = JSON.parse(readFileSync(path.resolve(__dirname, `../locales/${locale}.json`), 'utf8'));
  for (const { id } of DOCS_PAGES.filter((page) => page.id !== 'index')) {
    for (const field of ['title', 'description']) {
      expect(catalog[`docs.pages.${id}.${field}`], `${id} ${field}`).toBe(catalog[`docs.route.docs-${id}.${field}`]);
    }
  }
});
