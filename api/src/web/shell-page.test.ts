import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  AFTER_PAINT_SCRIPTS_ELEMENT_ID,
  encodePage,
  pageEncoding,
  REGISTRY_ELEMENT_ID,
  ROUTE_DATA_ELEMENT_ID,
  scriptSafeJson,
  shellPage,
} from './shell-page';

const template =
  '<!doctype html><html><head><title>Outpost</title><script defer src="/static/js/index.1.js"></script></head><body><div id="root"></div></body></html>';

describe('shellPage', () => {
  it('inlines the registry and the remote scripts after the shell scripts, inside <head>', () => {
    const registry = [{ name: 'servers', entry: '/remotes/servers/mf-manifest.json', prefixes: ['/'] }];
    const html = shellPage(template, registry, ['/remotes/servers/static/js/servers.1.js']);
    expect(html).toBe(
      `<!doctype html><html><head><title>Outpost</title><script defer src="/static/js/index.1.js"></script><script type="application/json" id="${REGISTRY_ELEMENT_ID}">${JSON.stringify(registry)}</script><script defer src="/remotes/servers/static/js/servers.1.js"></script></head><body><div id="root"></div></body></html>`,
    );
  });

  it('keeps hostile strings in the registry inert and reads them back as written', () => {
    const hostile = '</script><script>alert(1)</script><!-- & \u2028';
    const registry = [{ name: 'x', entry: hostile }];
    const html = shellPage(template, registry, []);
    expect(html).not.toContain('<script>alert(1)');
    const inlined = new RegExp(`id="${REGISTRY_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1] ?? '';
    expect(inlined).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(inlined)).toEqual(registry);
    expect(JSON.parse(scriptSafeJson({ text: hostile }))).toEqual({ text: hostile });
  });

  it("carries a staff page's styles: the shell's where its preload stood, a remote's by its build's name", () => {
    const withStyle = template.replace(
      '</head>',
      '<link rel="preload" as="style" href="/static/css/async/bootstrap.1.css"><link rel="preload" as="style" href="/static/css/async/big.1.css"></head>',
    );
    const html = shellPage(withStyle, [], [], null, null, [
      { href: '/static/css/async/bootstrap.1.css', css: '.navbar{}' },
      { href: '/remotes/a/static/css/async/7.1.css', css: '.page{}', key: 'static/css/async/7.1.css' },
      { href: '/remotes/a/static/css/async/8.1.css', css: null, key: 'static/css/async/8.1.css' },
    ]);
    expect(html).toContain('<style data-href="/static/css/async/bootstrap.1.css">.navbar{}</style>');
    expect(html).toContain('<style data-href="static/css/async/7.1.css">.page{}</style>');
    // A style whose text is not here is left to its preload (the shell's) or to the Link header (a remote's).
    expect(html).toContain('<link rel="preload" as="style" href="/static/css/async/big.1.css">');
    expect(html).not.toContain('8.1.css');
    expect(html).not.toContain('rel="preload" as="style" href="/static/css/async/bootstrap.1.css"');
  });

  it("runs a drawn screen's scripts after its first frame, listed in deferred order and not preloaded", () => {
    const built = template.replace(
      '<script defer src="/static/js/index.1.js"></script>',
      '<script defer src="/static/js/o.1.js" fetchpriority="high"></script><script defer src="/static/js/index.1.js"></script>',
    );
    const screen = { html: '<main>drawn</main>', data: {}, styles: [] };
    const html = shellPage(
      built,
      [],
      ['/remotes/servers/static/js/servers.1.js', 'https://evil.example/x.js', '/remotes/a/../../x.js'],
      screen,
    );
    expect(html).not.toContain('<script defer');
    // Fetched as they are added, after the first frame: a preload would compete with it.
    expect(html).not.toContain('as="script"');
    expect(html).not.toContain('evil.example');
    const listed = new RegExp(`id="${AFTER_PAINT_SCRIPTS_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1] ?? '';
    expect(JSON.parse(listed)).toEqual([
      '/static/js/o.1.js',
      '/static/js/index.1.js',
      '/remotes/servers/static/js/servers.1.js',
    ]);
    expect(html).toContain('<div id="root"><div data-prerendered inert style="display:contents"><main>drawn</main>');
    // Its data (the registry, the route data, the list) follows the drawn screen, so the parser's
    // first piece of the page reaches the screen; only the styles and preloads stay in <head>.
    const drawnAt = html.indexOf('<main>drawn</main>');
    for (const id of [REGISTRY_ELEMENT_ID, ROUTE_DATA_ELEMENT_ID, AFTER_PAINT_SCRIPTS_ELEMENT_ID])
      expect(html.indexOf(`id="${id}"`)).toBeGreaterThan(drawnAt);
    expect(html.indexOf('</head>')).toBeLessThan(drawnAt);
    // A page with no drawn screen keeps its deferred scripts and lists none.
    const plain = shellPage(built, [], ['/remotes/servers/static/js/servers.1.js']);
    expect([...plain.matchAll(/<script defer src="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/static/js/o.1.js',
      '/static/js/index.1.js',
      '/remotes/servers/static/js/servers.1.js',
    ]);
    expect(plain).not.toContain(AFTER_PAINT_SCRIPTS_ELEMENT_ID);
  });

  it('leaves out script paths that are not plain same-origin files', () => {
    const html = shellPage(
      template,
      [],
      [
        '/remotes/a/ok.js',
        'https://evil.example/x.js',
        '//evil.example/x.js',
        '/remotes/a/"><script>alert(1)</script>.js',
        '/remotes/a/../../x.js',
      ],
    );
    expect([...html.matchAll(/<script defer src="([^"]+)">/g)].map((match) => match[1])).toEqual([
      '/static/js/index.1.js',
      '/remotes/a/ok.js',
    ]);
  });
});

describe('pageEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['gzip;q=0.5, *;q=0', 'gzip'],
    ['zstd', null],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
    ['x-unknown, *;q=0', null],
    [undefined, null],
  ])('%s -> %s', (header, expected) => {
    expect(pageEncoding(header)).toBe(expected);
  });

  it('encodes the same page bytes in every encoding', () => {
    const html = shellPage(template, [{ name: 'servers', entry: '/remotes/servers/mf-manifest.json' }], []);
    expect(brotliDecompressSync(encodePage(html, 'br')).toString()).toBe(html);
    expect(gunzipSync(encodePage(html, 'gzip')).toString()).toBe(html);
    expect(encodePage(html, null).toString()).toBe(html);
  });
});
