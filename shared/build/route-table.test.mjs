import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRouteTable } from './index.mjs';

const dirs = [];
/** A remote folder holding only src/manifest.ts with the given body. */
function remoteWith(manifestSource) {
  const dir = mkdtempSync(path.join(tmpdir(), 'outpost-route-table-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'package.json'), '{"type": "module"}');
  writeFileSync(path.join(dir, 'src/manifest.ts'), manifestSource);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// Each case starts a node process with tsx: seconds on a loaded machine.
describe("a remote's build emits its route table from src/manifest.ts", { timeout: 30_000 }, () => {
  it('keeps every field but the page loaders', () => {
    const dir = remoteWith(`
      const load = (): Promise<{ default: unknown }> => import('./never-loaded-at-build-time');
      export default {
        id: 'demo',
        contractVersion: '1.0.0',
        routes: [
          { path: '/demo', title: 'Demo', nav: true, topLevel: true, icon: 'book', load },
          { path: '/demo/out', title: 'Out', external: true, redirect: 'https://example.org' },
        ],
      };`);
    expect(JSON.parse(readRouteTable(dir, 'demo'))).toEqual({
      id: 'demo',
      contractVersion: '1.0.0',
      routes: [
        { path: '/demo', title: 'Demo', nav: true, topLevel: true, icon: 'book' },
        { path: '/demo/out', title: 'Out', external: true, redirect: 'https://example.org' },
      ],
    });
  });

  it("names each page loader's import, and whether the route declares it waits for the remote's catalogs (page-assets.json)", () => {
    const dir = remoteWith(`
      const demoCatalogs = { ready: () => Promise.resolve() };
      const overviewWords = { ready: () => Promise.resolve() };
      export default {
        id: 'demo',
        contractVersion: '1.0.0',
        routes: [
          { path: '/demo', title: 'Demo', load: () => import('./pages/demo-page') },
          {
            path: '/admin/demo',
            title: 'Staff',
            waitsForCatalogs: true,
            load: () => Promise.all([import('./pages/staff-page'), demoCatalogs.ready()]).then(([page]) => page),
          },
          // Words the page brings itself, named like catalogs: only the declaration counts.
          {
            path: '/demo/own-words',
            title: 'Own words',
            load: () => import('./pages/catalogs-page').then((page) => overviewWords.ready().then(() => page)),
          },
        ],
      };`);
    expect(JSON.parse(readRouteTable(dir, 'demo', ['--loaders']))).toEqual({
      '/demo': { specifier: './pages/demo-page', catalogs: false },
      '/admin/demo': { specifier: './pages/staff-page', catalogs: true },
      '/demo/own-words': { specifier: './pages/catalogs-page', catalogs: false },
    });
  });

  it('keeps the declaration out of the route table, like the loader', () => {
    const dir = remoteWith(`
      export default {
        id: 'demo',
        contractVersion: '1.0.0',
        routes: [{ path: '/demo', title: 'Demo', waitsForCatalogs: true, load: () => import('./pages/demo-page') }],
      };`);
    expect(JSON.parse(readRouteTable(dir, 'demo')).routes).toEqual([{ path: '/demo', title: 'Demo' }]);
  });

  it.each([
    [
      'a route breaks the schema',
      `{ id: 'demo', contractVersion: '1.0.0', routes: [{ path: 'demo', title: 'Demo' }] }`,
      /invalid at routes\.0\.path/,
    ],
    [
      'an unknown icon',
      `{ id: 'demo', contractVersion: '1.0.0', routes: [{ path: '/demo', title: 'D', icon: 'rocket' }] }`,
      /routes\.0\.icon/,
    ],
    [
      'a declaration that is not a boolean',
      `{ id: 'demo', contractVersion: '1.0.0', routes: [{ path: '/demo', title: 'D', waitsForCatalogs: 'yes', load: () => import('./x') }] }`,
      /invalid at routes\.0\.waitsForCatalogs/,
    ],
    [
      'a route waits for catalogs without a page loader',
      `{ id: 'demo', contractVersion: '1.0.0', routes: [{ path: '/demo', title: 'D', waitsForCatalogs: true }] }`,
      /route \/demo waits for catalogs but has no page loader/,
    ],
    ['another id', `{ id: 'other', contractVersion: '1.0.0', routes: [] }`, /says id "other"/],
    [
      'an incompatible contract',
      `{ id: 'demo', contractVersion: '9.0.0', routes: [] }`,
      /built against contract 9\.0\.0/,
    ],
  ])('fails the build when %s', (_label, manifest, reason) => {
    const dir = remoteWith(`export default ${manifest};`);
    expect(() => readRouteTable(dir, 'demo')).toThrow(reason);
  });
});

/** A remote with two named routes and the given catalogs (locale -> {key: message}). */
function remoteWithCatalogs(catalogs) {
  const dir = remoteWith(`
    export default {
      id: 'demo',
      contractVersion: '1.0.0',
      routes: [
        { name: 'list', path: '/demo', title: 'Bans', navLabel: 'Bans', description: 'Every ban', navSection: 'Sanctions' },
        { name: 'one', path: '/demo/:id', title: 'Ban', prevRoute: { to: '/demo', label: 'All bans' } },
      ],
    };`);
  mkdirSync(path.join(dir, 'locales'));
  for (const [locale, messages] of Object.entries(catalogs)) {
    writeFileSync(path.join(dir, 'locales', `${locale}.json`), JSON.stringify(messages));
  }
  return dir;
}
const ENGLISH = {
  'demo.route.list.title': 'Bans',
  'demo.route.list.navLabel': 'Bans',
  'demo.route.list.description': 'Every ban',
  'demo.route.list.navSection': 'Sanctions',
  'demo.route.one.title': 'Ban',
  'demo.route.one.prevRoute': 'All bans',
  'demo.page.heading': 'Not a route label',
};

// Issue 27: route labels come from the remote's catalogs, so the server can serve them per locale.
describe("a remote's build puts its route labels of every locale in its route table", { timeout: 30_000 }, () => {
  it('takes each locale but English from `<id>.route.<name>.<field>`, quotes unescaped', () => {
    const dir = remoteWithCatalogs({
      en: ENGLISH,
      de: {
        ...ENGLISH,
        'demo.route.list.title': 'Banliste',
        'demo.route.list.description': "Jeder Ban, auch '{'alte'}'",
        'demo.route.one.prevRoute': 'Alle Bans',
      },
      ru: { 'demo.route.one.title': 'Бан' },
    });
    const table = JSON.parse(readRouteTable(dir, 'demo'));
    expect(table.routes[0]).toMatchObject({ title: 'Bans', navSection: 'Sanctions' });
    expect(table.labels).toEqual({
      de: {
        list: { title: 'Banliste', navLabel: 'Bans', description: 'Jeder Ban, auch {alte}', navSection: 'Sanctions' },
        one: { title: 'Ban', prevRoute: 'Alle Bans' },
      },
      ru: { one: { title: 'Бан' } },
    });
  });

  it('emits no labels for a remote without catalogs', () => {
    expect(
      JSON.parse(
        readRouteTable(remoteWith(`export default { id: 'demo', contractVersion: '1.0.0', routes: [] };`), 'demo'),
      ),
    ).not.toHaveProperty('labels');
  });

  it.each([
    [
      'English that differs from the manifest',
      { en: { ...ENGLISH, 'demo.route.list.title': 'Banlist' } },
      /says "Banlist" for demo\.route\.list\.title, src\/manifest\.ts "Bans"/,
    ],
    [
      'a label the English catalog lacks',
      { en: { ...ENGLISH, 'demo.route.one.prevRoute': undefined } },
      /has no demo\.route\.one\.prevRoute \("All bans"\)/,
    ],
    [
      'a key naming no route',
      { en: ENGLISH, de: { 'demo.route.gone.title': 'Weg' } },
      /de\.json: demo\.route\.gone\.title names no label/,
    ],
    [
      'a key naming a field the route has not',
      { en: ENGLISH, de: { 'demo.route.one.navLabel': 'Ban' } },
      /demo\.route\.one\.navLabel names no label/,
    ],
    ['a label with an argument', { en: ENGLISH, de: { 'demo.route.one.title': 'Ban {id}' } }, /takes no arguments/],
  ])('fails the build on %s', (_label, catalogs, reason) => {
    expect(() => readRouteTable(remoteWithCatalogs(catalogs), 'demo')).toThrow(reason);
  });
});
