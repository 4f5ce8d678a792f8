// @vitest-environment node
// The shell's prerender module as the server runs it: built for Node by the same build step
// (shared/build), loaded the way the API's prerender process loads it, with no DOM about.
import fs from 'node:fs';
import { builtinModules, createRequire, wrap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { buildPrerender, PRERENDER_FILE, SHELL_PRERENDER } from '@outpost/build';
import { CONTRACT_VERSION } from '@outpost/contracts/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const shellRoot = path.resolve(import.meta.dirname, '../..');
const nodeRequire = createRequire(import.meta.url);

type Exports = Record<string, unknown>;
function load(file: string, shared: Record<string, unknown>): Exports {
  const run = vm.runInThisContext(wrap(fs.readFileSync(file, 'utf8')), { filename: file }) as (
    ...args: unknown[]
  ) => void;
  const module = { exports: {} as Exports };
  const requireShared = (id: string) => {
    if (id in shared) return shared[id];
    if (builtinModules.includes(id.replace(/^node:/, ''))) return nodeRequire(id);
    throw new Error(`not shared: ${id}`);
  };
  run(module.exports, requireShared, module, file, path.dirname(file));
  return module.exports;
}

// A remote's page, written as a remote's prerender module is built: CommonJS whose React and
// host package are the shell's (its `shared`), and which reads its data as in a browser.
const PAGE = `
const { createElement: h } = require('react');
const { getHost } = require('@outpost/host');
exports.default = function Page() {
  const rows = getHost().takePrefetched('/api/servers') ?? [];
  return h('table', null, h('tbody', null, rows.map((name) => h('tr', { key: name }, h('td', null, name)))));
};
`;

const table = (id: string, routes: unknown[]) => ({ id, contractVersion: CONTRACT_VERSION, routes });
const registry = [
  {
    name: 'servers',
    entry: '/remotes/servers/mf-manifest.json',
    routeTable: table('servers', [
      { path: '/', title: 'Servers', description: 'Live overview', navLabel: 'Servers', nav: true, topLevel: true },
    ]),
  },
  {
    name: 'players_bans_notes',
    entry: '/remotes/players-bans-notes/mf-manifest.json',
    routeTable: table('players-bans-notes', [{ path: '/bans', title: 'Bans', nav: true, topLevel: true }]),
  },
  // An invalid table drops that remote alone, as in a browser.
  { name: 'docs', entry: '/remotes/docs/mf-manifest.json', routeTable: table('docs', [{ path: 'no-slash' }]) },
];
// An /api/meta answer.
const meta = (demo: boolean, siteName: string) => ({
  settings: {
    notice: { enabled: true, text: 'A **notice** this browser may have dismissed', class: 'is-info' },
    domain: 'outpost.test',
  },
  steamAvailable: true,
  siteName,
  demo,
  loginProviders: {
    steam: {
      openidUrl: 'https://steamcommunity.com/openid/login',
      realm: 'https://outpost.test',
      callbackUrl: 'https://outpost.test/api/auth/steam/callback',
    },
    discord: { enabled: false },
  },
  sentry: null,
  links: [],
});

describe('the shell prerender module (built for Node)', () => {
  let dir: string;
  let prerender: (input: unknown) => string | null;
  let page: Exports;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-shell-prerender-'));
    await buildPrerender({
      ...SHELL_PRERENDER,
      rootPath: shellRoot,
      distPath: dir,
      define: {
        __OUTPOST_BUILD__: JSON.stringify({ branch: 'main', commit: 'abc1234', date: '2026-11-23T00:00:00Z' }),
      },
      minify: false,
    });
    const shell = load(path.join(dir, PRERENDER_FILE), {});
    prerender = shell.prerender as typeof prerender;
    const pageFile = path.join(dir, 'page.cjs');
    fs.writeFileSync(pageFile, PAGE);
    page = load(pageFile, shell.shared as Record<string, unknown>);
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const draw = (options: { url?: string; demo?: boolean; siteName?: string; rows?: string[]; locale?: string } = {}) =>
    prerender({
      url: options.url ?? '/',
      locale: options.locale,
      registry,
      meta: meta(options.demo ?? true, options.siteName ?? 'Outpost Test'),
      data: { '/api/servers': options.rows ?? ['Coop #1', 'Versus #1'] },
      pages: [{ name: 'servers', path: '/', module: page }],
    });

  it("draws a visitor's whole first screen: chrome from the route tables and meta, the page with its data", () => {
    const html = draw();
    expect(html).toContain('aria-label="Demo"');
    expect(html).toContain('>Outpost Test</a>');
    // Every valid remote's nav entries; the invalid table's remote is left out.
    // (a nav label sits in its own span, beside the icon)
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>.*?Servers<\/span><\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/bans"[^>]*>.*?Bans<\/span>/);
    expect(html).not.toContain('no-slash');
    expect(html).toContain('<h1 class="hero-title">');
    expect(html).toContain('Live overview');
    expect(html).toContain('<tr><td>Coop #1</td></tr><tr><td>Versus #1</td></tr>');
    // A visitor: the login button, no user menu.
    expect(html).toContain('login-buttons');
    expect(html).not.toMatch(/Loading/);
    // Whether this browser dismissed the notice is in its storage: the live render draws it.
    expect(html).not.toContain('site-notice');
  });

  it("draws the chrome in the visitor's locale, each visit in its own", () => {
    const german = draw({ locale: 'de', demo: false });
    expect(german).toContain('Zum Inhalt springen');
    expect(german).toContain('aria-label="Hauptmenü"');
    expect(german).toContain('Mit Steam anmelden');
    expect(german).toContain('title="Dunkelmodus einschalten"');
    // The shell's first-load words (../chrome), which the page carries: the footer.
    expect(german).toContain('Build-Informationen');
    expect(german).not.toContain('Build Info');
    const english = draw({ locale: 'en', demo: false });
    expect(english).toContain('Skip to content');
    expect(english).toContain('Login with Steam');
    expect(english).toContain('Build Info');
    expect(english).not.toContain('Zum Inhalt');
    // A locale we have no catalogs for draws English.
    expect(draw({ locale: 'xx' })).toContain('Skip to content');
  });

  it('draws the chrome in every locale of ours, region-tagged ones included', () => {
    const drawn = (locale: string) => draw({ locale, demo: false });
    expect(drawn('pt-BR')).toContain('Pular para o conteúdo');
    expect(drawn('pt-BR')).toContain('Entrar com a Steam');
    expect(drawn('ru')).toContain('aria-label="Главное меню"');
    expect(drawn('ru')).toContain('Войти через Steam');
    expect(drawn('es')).toContain('Saltar al contenido');
    expect(drawn('pl')).toContain('Zaloguj się przez Steam');
    expect(drawn('tr')).toContain('Steam ile giriş yap');
    expect(drawn('zh-CN')).toContain('跳到主要内容');
    expect(drawn('zh-CN')).toContain('title="开启深色模式"');
    // A tag in another case than ours is not one of ours.
    expect(drawn('pt-br')).toContain('Skip to content');
  });

  it('draws each visit from its own input: nothing of the one before stays', () => {
    draw({ demo: true, siteName: 'First', rows: ['Only in the first'] });
    const second = draw({ demo: false, siteName: 'Second', rows: ['Only in the second'] });
    expect(second).not.toContain('aria-label="Demo"');
    expect(second).toContain('>Second</a>');
    expect(second).toContain('Only in the second');
    expect(second).not.toContain('Only in the first');
  });

  // A staff page (as /admin/bans): the API has found the session holding the route's permission.
  const staffRegistry = [
    {
      name: 'players_bans_notes',
      entry: '/remotes/players-bans-notes/mf-manifest.json',
      routeTable: table('players-bans-notes', [
        { path: '/admin/bans', title: 'Bans', requiredPermission: 'bans.create', authRequired: true },
      ]),
    },
  ];
  const profile = (codes: string[]) => ({
    user: { name: 'Staff Member', accountid: '76561197960265729', id: 'staff-1', avatarhash: null },
    permissions: { codes, flags: '', immunityLevel: 0, base: null },
    notifications: [],
    impersonatingId: null,
    profile: { birthMonth: null, birthDate: null, locale: null },
    openDiscussions: 0,
    providers: {},
  });
  const drawStaff = (signedIn: unknown) =>
    prerender({
      url: '/admin/bans',
      registry: staffRegistry,
      meta: meta(false, 'Outpost Test'),
      data: { '/api/servers': ['Ban row'] },
      pages: [{ name: 'players_bans_notes', path: '/admin/bans', module: page }],
      signedIn,
    });

  it("draws a staff page for its session: the signed-in chrome and the page, as the browser's first render does", () => {
    const html = drawStaff({ profile: profile(['bans.*']), permission: 'bans.create' });
    expect(html).toContain('<tr><td>Ban row</td></tr>');
    // The user menu, not the login button.
    expect(html).toContain('Staff Member');
    expect(html).not.toContain('login-buttons');
    expect(html).not.toMatch(/Loading/);
    // The next visitor's screen holds nothing of that session.
    const visitor = draw();
    expect(visitor).toContain('login-buttons');
    expect(visitor).not.toContain('Staff Member');
  });

  it("draws nothing for a staff page the browser's own check would not open, or a profile that does not parse", () => {
    expect(drawStaff({ profile: profile(['notes.view']), permission: 'bans.create' })).toBeNull();
    expect(drawStaff({ profile: { user: 'not a profile' }, permission: 'bans.create' })).toBeNull();
  });

  it('draws the shell\'s "not found" for a path no route has, never a page of another path', () => {
    const html = draw({ url: '/nowhere-at-all' });
    expect(html).not.toContain('Coop #1');
    expect(html).toContain('Nothing lives at <code>/nowhere-at-all</code>');
    const russian = draw({ url: '/nowhere-at-all', locale: 'ru' });
    expect(russian).toContain('По адресу <code>/nowhere-at-all</code> ничего нет.');
    expect(russian).toContain('404: страница не найдена');
  });
});
