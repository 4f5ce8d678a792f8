import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../lib/session-cookie';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { testDatabases } from '../test-support/test-databases';
import { pagePreloads, routeMatches } from './page-preloads';

const sqlite = testDatabases().find((kind) => kind.name === 'sqlite');
if (!sqlite) throw new Error('the SQLite test database is always available');

/** A text asset big enough that compression matters, with its build-time .br and .gz copies. */
function writeAsset(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, gzipSync(content));
}

const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `server ${i}` })))};\n`;
const table = (id: string) => ({ id, contractVersion: '1.0.0', routes: [{ path: `/${id}`, title: id }] });

describe('the web root: pre-compressed assets, Range, route tables in /remotes.json', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-web-'));
    writeAsset(
      path.join(webRoot, 'shell/dist/index.html'),
      `<!doctype html><html lang="en"><title>Outpost</title>${'<!-- pad -->'.repeat(200)}`,
    );
    writeAsset(path.join(webRoot, 'shell/dist/static/js/index.0123456789.js'), script);
    writeAsset(path.join(webRoot, 'remotes/docs/dist/static/js/docs.abcdef0123.js'), script);
    writeAsset(path.join(webRoot, 'shell/dist/static/js/async/a.1.js'), '// the kit\n');
    writeAsset(path.join(webRoot, 'remotes/docs/dist/static/js/async/p.1.js'), 'self.page = 1;');
    fs.writeFileSync(path.join(webRoot, 'remotes/docs/dist/route-table.json'), JSON.stringify(table('docs')));
    fs.writeFileSync(
      path.join(webRoot, 'remotes.json'),
      JSON.stringify([
        { name: 'docs', entry: '/remotes/docs/mf-manifest.json' },
        { name: 'later', entry: '/remotes/later/mf-manifest.json' },
        { name: 'cdn', entry: 'https://cdn.example.org/cdn/mf-manifest.json' },
      ]),
    );
    t = await startTestApp(sqlite, { WEB_ROOT: webRoot, REMOTES_REGISTRY: path.join(webRoot, 'remotes.json') });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it.each([
    ['the shell', '/static/js/index.0123456789.js'],
    ['a remote', '/remotes/docs/static/js/docs.abcdef0123.js'],
  ])(
    "sends %s's built files without looking up who asks (issue 30: a staff page's ~20 scripts)",
    async (_what, url) => {
      // A bad API key is refused wherever the caller is looked up; a built file never looks.
      expect((await get(url, { authorization: 'Bearer not-a-key' })).statusCode).toBe(200);
      expect((await get('/api/meta', { authorization: 'Bearer not-a-key' })).statusCode).toBe(401);
      expect((await get('/remotes.json', { authorization: 'Bearer not-a-key' })).statusCode).toBe(401);
    },
  );

  it.each([
    ['the shell', '/static/js/_combo.js?f=index.0123456789.js,async/a.1.js', `${script}\n// the kit\n\n`, undefined],
    [
      'a remote',
      '/remotes/docs/static/js/_combo.js?f=async/p.1.js,docs.abcdef0123.js',
      `self.page = 1;\n${script}\n`,
      '*',
    ],
  ])(
    "sends %s's scripts of one folder as one, in the order asked, each ended by a newline",
    async (_what, url, body, cors) => {
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['access-control-allow-origin']).toBe(cors);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(body);
      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(gunzipSync(gz.rawPayload).toString()).toBe(body);
      expect((await get(url)).body).toBe(body);
    },
  );

  it.each([
    '/static/js/_combo.js',
    '/static/js/_combo.js?f=',
    '/static/js/_combo.js?f=index.0123456789.js,missing.1.js',
    '/static/js/_combo.js?f=../index.html',
    '/static/js/_combo.js?f=async/../index.0123456789.js',
    '/static/js/_combo.js?f=index.0123456789.js,/etc/passwd',
    '/remotes/docs/static/js/_combo.js?f=../../route-table.json',
    '/remotes/docs/static/js/_combo.js?f=../../../../shell/dist/static/js/index.0123456789.js',
  ])('refuses %s: 404, nothing read outside the folder', async (url) => {
    expect((await get(url)).statusCode).toBe(404);
  });

  it.each([
    ['the shell', '/static/js/index.0123456789.js'],
    ['a remote', '/remotes/docs/static/js/docs.abcdef0123.js'],
  ])('sends %s as brotli, gzip or identity by Accept-Encoding, the same bytes after decoding', async (_what, url) => {
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
    // Hashed names stay cacheable for a year in every encoding.
    for (const reply of [br, gz, plain]) expect(reply.headers['cache-control']).toMatch(/immutable/);
  });

  it.each(['zstd', 'compress', 'identity', 'br;q=0, gzip;q=0', 'x-unknown, *;q=0'])(
    'answers identity to Accept-Encoding "%s"',
    async (acceptEncoding) => {
      const reply = await get('/remotes/docs/static/js/docs.abcdef0123.js', { 'accept-encoding': acceptEncoding });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.body).toBe(script);
    },
  );

  it('answers a Range request with the identity bytes asked for', async () => {
    const reply = await get('/static/js/index.0123456789.js', { range: 'bytes=7-18', 'accept-encoding': 'br, gzip' });
    expect(reply.statusCode).toBe(206);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers['content-range']).toBe(`bytes 7-18/${script.length}`);
    expect(reply.body).toBe(script.slice(7, 19));
  });

  it('sends the shell page compressed for / and for client-side routes, revalidated each time', async () => {
    for (const url of ['/', '/admin/bans']) {
      const reply = await get(url, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding']).toBe('br');
      expect(reply.headers['cache-control']).toBe('private, no-cache');
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(reply.rawPayload).toString()).toMatch(/^<!doctype html>/);
    }
  });

  it("serves the page in the visitor's language: the saved choice's cookie, else Accept-Language", async () => {
    const lang = async (headers: Record<string, string>) => {
      const reply = await get('/', { accept: 'text/html', ...headers });
      expect(reply.headers.vary).toMatch(/accept-language/i);
      return /<html lang="([^"]*)"/.exec(reply.body)?.[1];
    };
    expect(await lang({})).toBe('en');
    expect(await lang({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })).toBe('de');
    expect(await lang({ 'accept-language': 'fr-FR, en;q=0.5' })).toBe('en');
    expect(await lang({ 'accept-language': 'de', cookie: 'outpost_locale=en' })).toBe('en');
    expect(await lang({ cookie: 'outpost_locale=de' })).toBe('de');
    // A cookie naming no locale of ours is no choice.
    expect(await lang({ 'accept-language': 'de', cookie: 'outpost_locale=%22%3E%3Cscript%3E' })).toBe('de');
    // Region-tagged locales are served as we write them (<html lang="pt-BR">).
    expect(await lang({ 'accept-language': 'pt-PT,pt;q=0.9,en;q=0.5' })).toBe('pt-BR');
    expect(await lang({ 'accept-language': 'zh-Hans-CN,zh;q=0.9' })).toBe('zh-CN');
    expect(await lang({ 'accept-language': 'ru-RU,ru;q=0.9' })).toBe('ru');
    expect(await lang({ 'accept-language': 'ru', cookie: 'outpost_locale=zh-CN' })).toBe('zh-CN');
  });

  it("paints a visitor's chosen theme from its cookie, and nothing else in its place", async () => {
    const root = async (cookie?: string) => {
      const reply = await get('/', { accept: 'text/html', ...(cookie === undefined ? {} : { cookie }) });
      expect(reply.headers.vary).toMatch(/cookie/i);
      return /<html[^>]*>/.exec(reply.body)?.[0];
    };
    expect(await root()).toBe('<html lang="en">');
    expect(await root('outpost_theme=dark')).toBe('<html lang="en" data-theme="dark">');
    expect(await root('outpost_locale=de; outpost_theme=light')).toBe('<html lang="de" data-theme="light">');
    // Anything but the two themes is no choice: the page's script asks the system instead.
    for (const hostile of [
      'outpost_theme=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      'outpost_theme="><script>alert(1)</script>',
      'outpost_theme=Dark',
      'outpost_theme=dark%00',
      'outpost_theme=dark light',
      'outpost_theme=',
    ])
      expect(await root(hostile), hostile).toBe('<html lang="en">');
  });

  it("carries the shell's messages in the visitor's locale, so no locale chunk is fetched first (in English its first-load words alone)", async () => {
    const german = { 'shell.nav.menu': 'Menü', 'ui.pager.next': 'Weiter' };
    writeAsset(path.join(webRoot, 'shell/dist/catalogs/shell/de.json'), JSON.stringify(german));
    const catalogsOf = async (headers: Record<string, string>) => {
      const body = (await get('/', { accept: 'text/html', ...headers })).body;
      const element = /<script type="application\/json" id="outpost-catalogs">(.*?)<\/script>/.exec(body);
      return element ? JSON.parse(element[1] as string) : null;
    };
    expect(await catalogsOf({ 'accept-language': 'de-DE,de;q=0.9' })).toEqual({
      locale: 'de',
      owners: { shell: german },
    });
    expect(await catalogsOf({ cookie: 'outpost_locale=de' })).toEqual({ locale: 'de', owners: { shell: german } });
    expect(await catalogsOf({})).toBeNull();
    // A locale the build wrote no catalog for: nothing in the page, the shell fetches as before.
    expect(await catalogsOf({ 'accept-language': 'ru' })).toBeNull();
    // The shell's first-load words (shell/src/chrome) are not bundled in any language: English too.
    const chrome = { 'shell.chrome.footer.buildInfo': ['Build Info'] };
    writeAsset(path.join(webRoot, 'shell/dist/catalogs/shell-chrome/en.json'), JSON.stringify(chrome));
    expect(await catalogsOf({})).toEqual({ locale: 'en', owners: { 'shell-chrome': chrome } });
  });

  it('serves a remote published after start, compressed, and inlines its route table', async () => {
    expect((await get('/remotes/later/static/js/later.0123456789.js')).statusCode).toBe(404);
    writeAsset(path.join(webRoot, 'remotes/later/dist/static/js/later.0123456789.js'), script);
    fs.writeFileSync(path.join(webRoot, 'remotes/later/dist/route-table.json'), JSON.stringify(table('later')));
    const reply = await get('/remotes/later/static/js/later.0123456789.js', { 'accept-encoding': 'br' });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(script);

    const registry = (await get('/remotes.json')).json();
    expect(registry).toEqual([
      { name: 'docs', entry: '/remotes/docs/mf-manifest.json', routeTable: table('docs') },
      { name: 'later', entry: '/remotes/later/mf-manifest.json', routeTable: table('later') },
      // Not ours to read: the shell fetches route-table.json beside the entry.
      { name: 'cdn', entry: 'https://cdn.example.org/cdn/mf-manifest.json' },
    ]);
  });

  it('refuses paths that leave a remote folder', async () => {
    for (const url of [
      '/remotes/docs/..%2f..%2fremotes.json',
      '/remotes/..%2fshell/dist/index.html',
      '/remotes/Docs/x.js',
    ]) {
      const reply = await get(url);
      expect(reply.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, url).toBeLessThan(500);
      expect(reply.body).not.toContain('"name":"docs"');
    }
  });
});

// Issue 27: a remote's route labels in every locale come with its route table; each visitor is
// served the table in their language alone (the first screen's navbar and hero are drawn from it).
describe("route labels in the visitor's language", () => {
  let t: TestApp;
  let webRoot: string;
  const bans = {
    id: 'players-bans-notes',
    contractVersion: '1.0.0',
    routes: [
      { name: 'admin-bans', path: '/admin/bans', title: 'Bans', description: 'Bans by SteamID or IP', nav: true },
      {
        name: 'appeal',
        path: '/appeals/:id',
        title: 'Appeal',
        navLabel: 'Appeals',
        prevRoute: { to: '/appeals', label: 'All appeals' },
      },
    ],
    labels: {
      // The German catalog misses the appeal's navLabel: that one label stays English.
      de: {
        'admin-bans': { title: 'Banliste', description: 'Bans nach SteamID oder IP' },
        appeal: { title: 'Einspruch', prevRoute: 'Alle Einsprüche' },
      },
      ru: { 'admin-bans': { title: 'Баны' } },
    },
  };
  const { labels: _labels, ...english } = bans;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-web-'));
    writeAsset(
      path.join(webRoot, 'shell/dist/index.html'),
      '<!doctype html><html lang="en"><head><title>Outpost</title></head><body></body>',
    );
    fs.mkdirSync(path.join(webRoot, 'remotes/players-bans-notes/dist'), { recursive: true });
    fs.writeFileSync(path.join(webRoot, 'remotes/players-bans-notes/dist/route-table.json'), JSON.stringify(bans));
    fs.writeFileSync(
      path.join(webRoot, 'remotes.json'),
      JSON.stringify([{ name: 'players_bans_notes', entry: '/remotes/players-bans-notes/mf-manifest.json' }]),
    );
    t = await startTestApp(sqlite, { WEB_ROOT: webRoot, REMOTES_REGISTRY: path.join(webRoot, 'remotes.json') });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });
  const routesServed = async (url: string, headers: Record<string, string> = {}) => {
    const reply = await t.app.inject({ method: 'GET', url, headers });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers.vary).toMatch(/accept-language/i);
    return reply.json()[0].routeTable;
  };

  it('serves an English visitor the English table, without any other language in it', async () => {
    expect(await routesServed('/remotes.json')).toEqual(english);
    expect(await routesServed('/remotes.json', { 'accept-language': 'fr-FR' })).toEqual(english);
  });

  it('serves a German visitor German labels, English for a label German lacks', async () => {
    const german = {
      ...english,
      routes: [
        { ...english.routes[0], title: 'Banliste', description: 'Bans nach SteamID oder IP' },
        {
          ...english.routes[1],
          title: 'Einspruch',
          navLabel: 'Appeals',
          prevRoute: { to: '/appeals', label: 'Alle Einsprüche' },
        },
      ],
    };
    expect(await routesServed('/remotes.json', { 'accept-language': 'de-DE,de;q=0.9' })).toEqual(german);
    expect(await routesServed('/remotes.json', { cookie: 'outpost_locale=de' })).toEqual(german);
    // The language menu asks for the new language's words before it switches.
    expect(await routesServed('/remotes.json?locale=de', { cookie: 'outpost_locale=ru' })).toEqual(german);
    const russian = await routesServed('/remotes.json?locale=ru');
    expect(russian.routes.map((route: { title: string }) => route.title)).toEqual(['Баны', 'Appeal']);
    // A locale we do not speak is no choice: the visitor's own language is served.
    expect(await routesServed('/remotes.json?locale=xx')).toEqual(english);
  });

  it("inlines the registry in the visitor's language into the shell page", async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/admin/bans',
      headers: { accept: 'text/html', cookie: 'outpost_locale=de' },
    });
    const inlined = /<script type="application\/json" id="outpost-registry">(.*?)<\/script>/.exec(reply.body)?.[1];
    expect(JSON.parse(inlined ?? 'null')[0].routeTable.routes[0].title).toBe('Banliste');
    expect(reply.body).not.toContain('Баны');
  });
});

describe('routeMatches', () => {
  it('matches static segments, parameters and a trailing splat', () => {
    expect(routeMatches('/', '/')).toBe(true);
    expect(routeMatches('/', '/bans')).toBe(false);
    expect(routeMatches('/admin/servers/:groupId', '/admin/servers/g1')).toBe(true);
    expect(routeMatches('/admin/servers/:groupId', '/admin/servers')).toBe(false);
    expect(routeMatches('/admin/servers/:groupId', '/admin/servers/g1/x')).toBe(false);
    expect(routeMatches('/docs/*', '/docs/a/b')).toBe(true);
    expect(routeMatches('/docs', '/docsx')).toBe(false);
  });
});

/** The shell's own first calls, hinted on every page (load-meta.ts, load-profile.ts). */
const shellCalls = [
  '</api/meta>; rel=preload; as=fetch; crossorigin=use-credentials',
  '</api/auth/profile>; rel=preload; as=fetch; crossorigin=use-credentials',
];

describe('pagePreloads', () => {
  it('hints the files of the build the served registry names: a release under its version', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-release-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'mf-manifest.json'),
        JSON.stringify({ metaData: { remoteEntry: { name: 'static/js/docs.1.js', path: '' } }, exposes: [] }),
      );
      fs.writeFileSync(path.join(dir, 'page-assets.json'), JSON.stringify({ '/docs': ['static/js/async/p.1.js'] }));
      const entry = '/remotes/docs/1.2.0+0123456789ab/mf-manifest.json';
      const registry = [
        {
          name: 'docs',
          entry,
          prefixes: ['/docs'],
          routeTable: { id: 'docs', contractVersion: '1.0.0', routes: [{ path: '/docs', title: 'Docs' }] },
        },
      ];
      const seen: string[] = [];
      const hints = await pagePreloads('/docs', registry, (url) => {
        seen.push(url);
        return dir;
      });
      expect(seen).toEqual([entry]);
      expect(hints.links).toEqual([...shellCalls, `<${entry}>; rel=preload; as=fetch; crossorigin=anonymous`]);
      expect(hints.scripts).toEqual([
        '/remotes/docs/1.2.0+0123456789ab/static/js/docs.1.js',
        '/remotes/docs/1.2.0+0123456789ab/static/js/async/p.1.js',
      ]);
      // An entry this server does not hold (buildDir null): the shell's own calls alone.
      expect(hints.page).toEqual({ remote: 'docs', path: '/docs', data: [], dir });
      // An entry this server does not hold (buildDir null): the shell's own calls alone.
      expect(await pagePreloads('/docs', registry, () => null)).toEqual({
        links: shellCalls,
        scripts: [],
        standalone: [],
        styles: [],
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('preload hints on the shell page', () => {
  let t: TestApp;
  let webRoot: string;
  const manifest = (entry: string, sync: string[], css: string[] = []) => ({
    metaData: { remoteEntry: { name: entry, path: '' } },
    exposes: [
      {
        name: 'manifest',
        path: './manifest',
        assets: { js: { sync, async: ['static/js/async/page.1.js'] }, css: { sync: css, async: [] } },
      },
    ],
  });
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-web-'));
    writeAsset(path.join(webRoot, 'shell/dist/index.html'), '<!doctype html><title>Outpost</title>');
    // The shell build's lazy groups (shared/build/shell-chunk-groups.mjs); a bad name is dropped.
    fs.writeFileSync(
      path.join(webRoot, 'shell/dist/shell-chunks.json'),
      JSON.stringify({
        'signed-in': ['static/js/async/o.1.js', 'static/js/async/signed-in.1.js', '../../remotes/x.js'],
        // A chunk in both groups (the kit's zod part is the chrome's too) runs once.
        kit: ['static/js/async/a.1.js', 'static/css/async/a.1.css', 'static/js/async/o.1.js'],
        other: ['static/js/async/never.1.js'],
      }),
    );
    const write = (id: string, value: unknown) => {
      fs.mkdirSync(path.join(webRoot, `remotes/${id}/dist`), { recursive: true });
      fs.writeFileSync(path.join(webRoot, `remotes/${id}/dist/mf-manifest.json`), JSON.stringify(value));
    };
    write(
      'servers',
      manifest('static/js/servers.0a1b2c3d4e.js', ['static/js/async/expose.5f6a7b8c9d.js'], ['static/css/m.1.css']),
    );
    // The remote's ./manifest stylesheet, which a staff page carries (an anonymous one preloads it).
    writeAsset(path.join(webRoot, 'remotes/servers/dist/static/css/m.1.css'), '.m { color: red }');
    fs.writeFileSync(
      path.join(webRoot, 'remotes/servers/dist/route-table.json'),
      JSON.stringify({
        id: 'servers',
        contractVersion: '1.0.0',
        routes: [
          { path: '/', title: 'Servers', data: ['/api/servers'] },
          { path: '/admin/servers', title: 'Manage', authRequired: true, data: ['/api/servers/manage'] },
          { path: '/admin/servers/:groupId', title: 'Group', requiredPermission: 'servers.manage', data: ['/api/x'] },
        ],
      }),
    );
    fs.writeFileSync(
      path.join(webRoot, 'remotes/servers/dist/page-assets.json'),
      JSON.stringify({
        '/': ['static/css/async/0.1.css', 'static/js/async/0.1.js', '../../../shell/x.js'],
        '/admin/servers': ['static/js/async/6.1.js'],
      }),
    );
    // A hostile or broken manifest gives no hints for its files, and breaks nothing else.
    write('hostile', manifest('../../shell/dist/index.html', ['x.js>; rel=preload; as=document', 'ok.js']));
    fs.mkdirSync(path.join(webRoot, 'remotes/broken/dist'), { recursive: true });
    fs.writeFileSync(path.join(webRoot, 'remotes/broken/dist/mf-manifest.json'), '{not json');
    fs.writeFileSync(
      path.join(webRoot, 'remotes.json'),
      JSON.stringify([
        { name: 'servers', entry: '/remotes/servers/mf-manifest.json', prefixes: ['/', '/admin/servers'] },
        { name: 'hostile', entry: '/remotes/hostile/mf-manifest.json', prefixes: ['/hostile'] },
        { name: 'broken', entry: '/remotes/broken/mf-manifest.json', prefixes: ['/broken'] },
        { name: 'cdn', entry: 'https://cdn.example.org/cdn/mf-manifest.json', prefixes: ['/cdn'] },
      ]),
    );
    t = await startTestApp(sqlite, { WEB_ROOT: webRoot, REMOTES_REGISTRY: path.join(webRoot, 'remotes.json') });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });
  const page = async (url: string, cookie?: string) => {
    const reply = await t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
    });
    expect(reply.statusCode).toBe(200);
    const html = reply.body;
    const registry = /<script type="application\/json" id="outpost-registry">(.*?)<\/script>/.exec(html)?.[1];
    return {
      links: String(reply.headers.link ?? '').split(', '),
      scripts: [...html.matchAll(/<script defer src="([^"]+)"><\/script>/g)].map((match) => match[1]),
      registry: registry === undefined ? undefined : JSON.parse(registry),
      html,
    };
  };

  it("hints the owning remote's manifest and CSS, and runs its entry and ./manifest chunks", async () => {
    const code = [
      '</remotes/servers/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous',
      '</remotes/servers/static/css/m.1.css>; rel=preload; as=style',
    ];
    const scripts = [
      '/remotes/servers/static/js/servers.0a1b2c3d4e.js',
      '/remotes/servers/static/js/async/expose.5f6a7b8c9d.js',
    ];
    // A public page's chunks and first API call too, with the credentials mode of the host's apiFetch.
    const home = await page('/');
    expect(home.links).toEqual([
      ...shellCalls,
      ...code,
      '</remotes/servers/static/css/async/0.1.css>; rel=preload; as=style',
      '</api/servers>; rel=preload; as=fetch; crossorigin=use-credentials',
    ]);
    expect(home.scripts).toEqual([...scripts, '/remotes/servers/static/js/async/0.1.js']);
    // A visitor is shown the sign-in card on a page that needs a session or a permission:
    // neither its chunks nor its data.
    for (const url of ['/admin/servers', '/admin/servers/abc?tab=1']) {
      const other = await page(url);
      expect(other.links).toEqual([...shellCalls, ...code]);
      expect(other.scripts).toEqual(scripts);
    }
    // A visit with a session gets them (the API still decides what the data call answers), and
    // carries the remote's stylesheet in the page, named as the remote's CSS loader looks it up
    // (its path in the remote's build), instead of preloading it.
    const staff = await page('/admin/servers', `${SESSION_COOKIE}=some-session`);
    const carried = '<style data-href="static/css/m.1.css">.m { color: red }</style>';
    expect(staff.links).toEqual([
      ...shellCalls,
      code[0],
      '</api/servers/manage>; rel=preload; as=fetch; crossorigin=use-credentials',
    ]);
    expect(staff.html).toContain(carried);
    expect(home.html).not.toContain(carried);
    // ...and the shell's signed-in chrome and full kit, which a visitor's page never runs. Each
    // build's scripts come as one request (script-combo.ts), but for the chunks of the remote's
    // ./manifest, which the federation runtime looks for by their own URL.
    const signedInShell = '/static/js/_combo.js?f=async/o.1.js,async/signed-in.1.js,async/a.1.js';
    expect(staff.scripts).toEqual([
      '/remotes/servers/static/js/_combo.js?f=servers.0a1b2c3d4e.js,async/6.1.js',
      '/remotes/servers/static/js/async/expose.5f6a7b8c9d.js',
      signedInShell,
    ]);
    expect(home.scripts.some((src) => src?.startsWith('/static/'))).toBe(false);
    expect((await page('/', `${SESSION_COOKIE}=some-session`)).scripts).toEqual([
      '/remotes/servers/static/js/_combo.js?f=servers.0a1b2c3d4e.js,async/0.1.js',
      '/remotes/servers/static/js/async/expose.5f6a7b8c9d.js',
      signedInShell,
    ]);
    const group = await page('/admin/servers/abc', `${SESSION_COOKIE}=some-session`);
    expect(group.links).toEqual([
      ...shellCalls,
      code[0],
      '</api/x>; rel=preload; as=fetch; crossorigin=use-credentials',
    ]);
  });

  it('inlines the registry /remotes.json serves, so the shell reads it without a request', async () => {
    const served = (await t.app.inject({ method: 'GET', url: '/remotes.json' })).json();
    for (const url of ['/', '/nobody', '/admin/servers']) expect((await page(url)).registry).toEqual(served);
  });

  it('hints only the shell calls where no local remote with a readable manifest owns the path', async () => {
    for (const url of ['/nobody', '/broken/page', '/cdn']) {
      expect(await page(url)).toMatchObject({ links: shellCalls, scripts: [] });
    }
  });

  it('drops file names that would leave the remote or break the header', async () => {
    expect(await page('/hostile')).toMatchObject({
      links: [...shellCalls, '</remotes/hostile/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous'],
      scripts: ['/remotes/hostile/ok.js'],
    });
  });
});

describe('API answers over 1 KB are compressed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(sqlite);
  });
  afterAll(async () => t?.close());

  it('compresses a large answer by Accept-Encoding and leaves small ones alone', async () => {
    const large = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toEqual(plain.json());
    const gz = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'zstd' },
    });
    expect(unknown.headers['content-encoding']).toBeUndefined();
    expect(unknown.json()).toEqual(plain.json());

    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });
});
