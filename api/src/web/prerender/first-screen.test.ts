import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTRACT_VERSION } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../lib/session-cookie';
import { authService } from '../../modules/auth';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { createSignedInUser } from '../../test-support/test-users';
import { inlineScriptHashes } from '../inline-scripts';

const sqlite = testDatabases().find((kind) => kind.name === 'sqlite');
if (!sqlite) throw new Error('the SQLite test database is always available');

const THEME_SCRIPT = "document.documentElement.dataset.theme = 'dark';";
const TEMPLATE = [
  '<!doctype html><html><head><title>Outpost</title>',
  `<script>${THEME_SCRIPT}</script>`,
  '<script defer src="/static/js/index.1.js"></script>',
  '<link rel="preload" as="style" href="/static/css/async/bootstrap.1.css">',
  '</head><body><div id="root"></div></body></html>',
].join('');

// The shell's prerender module: draws what it was given, so a test can read it back.
const SHELL_PRERENDER = `
exports.shared = { greeting: 'drawn by the servers remote' };
exports.prerender = (input) =>
  '<main data-url="' + input.url + '">' +
  input.pages.map((page) => page.module.draw(input)).join('') +
  '<p>' + input.meta.siteName + ', ' + input.registry.length + ' remote(s)</p>' +
  '<pre>' + JSON.stringify(input.data) + '</pre>' +
  '<p>' + (input.url.includes('dollar') ? '$& $1 $$' : '') + '</p>' +
  '<p>noon UTC is ' + new Date(Date.UTC(2026, 0, 1, 12)).getHours() + ':00 in ' + input.timeZone + '</p>' +
  (input.signedIn ? '<p>for ' + input.signedIn.profile.user.name + ' holding ' + input.signedIn.permission + '</p>' : '') +
  '</main>';
`;
const SERVERS_PRERENDER = `
const greeting = require('greeting');
exports.pages = {
  '/': { draw: () => '<h1>' + greeting + '</h1>' },
  '/private': { draw: () => '<h1>private</h1>' },
  '/staff/bans': { draw: () => '<h1>staff bans</h1>' },
};
`;

const routeTable = {
  id: 'servers',
  contractVersion: CONTRACT_VERSION,
  routes: [
    { path: '/', title: 'Servers', data: ['/api/servers'] },
    { path: '/private', title: 'Private', authRequired: true, data: ['/api/servers'] },
    { path: '/broken-data', title: 'Broken', data: ['/api/no-such-thing'] },
    { path: '/links', title: 'Links' },
    // A staff page (as /admin/bans): drawn only for a session holding its permission.
    { path: '/staff/bans', title: 'Staff', requiredPermission: 'bans.create', data: ['/api/bans?limit=50'] },
  ],
};

function writeFile(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

describe("a visitor's first screen, drawn on the server", () => {
  let webRoot: string;
  let t: TestApp;
  let off: TestApp;
  const page = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  /** The page once the prerender process is up (visits before it go out without a screen). */
  async function prerendered(url: string) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const reply = await page(t, url);
      if (reply.body.includes('data-prerendered')) return reply;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${url} was never prerendered`);
  }

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-first-screen-'));
    writeFile(path.join(webRoot, 'shell/dist/index.html'), TEMPLATE);
    writeFile(path.join(webRoot, 'shell/dist/prerender.cjs'), SHELL_PRERENDER);
    writeFile(path.join(webRoot, 'shell/dist/static/css/async/bootstrap.1.css'), '.navbar { color: red }');
    const dist = path.join(webRoot, 'remotes/servers/dist');
    writeFile(path.join(dist, 'route-table.json'), JSON.stringify(routeTable));
    writeFile(path.join(dist, 'prerender.cjs'), SERVERS_PRERENDER);
    writeFile(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          { name: 'manifest', assets: { js: { sync: ['static/js/m.js'] }, css: { sync: ['static/css/m.css'] } } },
        ],
      }),
    );
    writeFile(
      path.join(dist, 'page-assets.json'),
      JSON.stringify({ '/': ['static/css/page.css', 'static/js/page.js'] }),
    );
    // A remote's CSS that tries to end the <style> element it is carried in.
    writeFile(path.join(dist, 'static/css/page.css'), '.x::after { content: "</style><script>alert(1)</script>" }');
    // (static/css/m.css is not on this server: linked.)
    writeFile(
      path.join(webRoot, 'remotes.json'),
      JSON.stringify([
        {
          name: 'servers',
          entry: '/remotes/servers/mf-manifest.json',
          prefixes: ['/', '/private', '/broken-data', '/links', '/staff'],
        },
      ]),
    );
    const env = { WEB_ROOT: webRoot, REMOTES_REGISTRY: path.join(webRoot, 'remotes.json'), SITE_NAME: 'Test Outpost' };
    t = await startTestApp(sqlite, env);
    off = await startTestApp(sqlite, { ...env, PRERENDER: 'false' });
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('carries the screen in the root, inert, with the data it was drawn from and its styles', async () => {
    const reply = await prerendered('/');
    expect(reply.statusCode).toBe(200);
    const html = reply.body;
    const root = /<div id="root"><div data-prerendered inert style="display:contents">(.*?)<\/div><\/div>/.exec(html);
    expect(root?.[1]).toContain('<h1>drawn by the servers remote</h1>');
    expect(root?.[1]).toContain('<p>Test Outpost, 1 remote(s)</p>');
    expect(root?.[1]).toContain('<main data-url="/">');
    // The data it was drawn from, for the browser's first render: the visitor's own answer.
    const data = /<script type="application\/json" id="outpost-route-data">(.*?)<\/script>/.exec(html)?.[1];
    const servers = await t.app.inject({ method: 'GET', url: '/api/servers' });
    expect(JSON.parse(data ?? 'null')).toEqual({ '/api/servers': servers.json() });
    expect(root?.[1]).toContain(`<pre>${JSON.stringify({ '/api/servers': servers.json() })}</pre>`);
    // Styles applied from the start: carried in the page where this server has them (the
    // bundler's CSS loader then finds them by data-href: the shell's by URL, a remote's by its
    // path in the remote's build), else linked.
    expect(html).toContain('<style data-href="/static/css/async/bootstrap.1.css">.navbar { color: red }</style>');
    expect(html).toContain(
      // Inside <style> only "</style" ends it: the rest is text there.
      '<style data-href="static/css/page.css">.x::after { content: "<\\/style><script>alert(1)</script>" }</style>',
    );
    expect(html).toContain(
      '<link rel="stylesheet" href="/remotes/servers/static/css/m.css" data-href="static/css/m.css">',
    );
    // A style in the page is not preloaded; a linked one still is.
    expect(reply.headers.link).not.toContain('page.css');
    expect(reply.headers.link).toContain('</remotes/servers/static/css/m.css>; rel=preload; as=style');
    expect(html.match(/<\/style>/g)).toHaveLength(2);
    expect(html).not.toContain('rel="preload" as="style"');
    // Inlined data is not fetched again.
    expect(reply.headers.link).not.toContain('</api/servers>');
    // Nor are the shell's own calls: they wait for its scripts, after the first frame.
    expect(reply.headers.link).not.toContain('</api/meta>');
    expect(reply.headers.link).not.toContain('as=fetch');
  });

  describe("in the reader's time zone (the shell's outpost_tz cookie)", () => {
    /** The page drawn for these headers (a new zone's screen is drawn anew and may come late). */
    async function drawnWith(headers: Record<string, string>) {
      await prerendered('/');
      for (let attempt = 0; attempt < 200; attempt++) {
        const reply = await page(t, '/', headers);
        if (reply.body.includes('data-prerendered')) return reply;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('/ was never prerendered');
    }

    it.each([
      ['Asia/Tokyo', '<p>noon UTC is 21:00 in Asia/Tokyo</p>'],
      ['America/Los_Angeles', '<p>noon UTC is 4:00 in America/Los_Angeles</p>'],
      // ICU's name for the zone, whatever spelling the browser sent.
      ['US/Pacific', '<p>noon UTC is 4:00 in America/Los_Angeles</p>'],
      ['Asia%2FTokyo', '<p>noon UTC is 21:00 in Asia/Tokyo</p>'],
    ])('draws the dates of a reader in %s in that zone', async (zone, drawn) => {
      const reply = await drawnWith({ cookie: `outpost_tz=${zone}` });
      expect(reply.body).toContain(drawn);
      // Each reader's page is their own: caches keep it per cookie, and revalidate it.
      expect(String(reply.headers.vary)).toContain('Cookie');
      expect(reply.headers['cache-control']).toBe('private, no-cache');
    });

    it.each([
      ['no cookie', {}],
      ['an unknown zone', { cookie: 'outpost_tz=Mars/Olympus_Mons' }],
      ['a path', { cookie: 'outpost_tz=..%2F..%2Fetc%2Flocaltime' }],
      ['an injection', { cookie: 'outpost_tz=Asia%2FTokyo%0D%0ASet-Cookie%3A%20x%3D1' }],
      ['markup', { cookie: 'outpost_tz=%3Cscript%3Ealert(1)%3C%2Fscript%3E' }],
      ['a lookalike', { cookie: 'outpost_tz=%D0%90sia%2FTokyo' }],
      ['an overlong value', { cookie: `outpost_tz=Asia%2F${'T'.repeat(4000)}` }],
    ])('draws the dates of a visit with %s in UTC', async (_what, headers) => {
      const reply = await drawnWith(headers);
      // Nothing of the cookie reaches the page.
      expect(reply.body.match(/<p>noon UTC is [^<]*<\/p>/g)).toEqual(['<p>noon UTC is 12:00 in UTC</p>']);
      expect(reply.body).not.toMatch(/Mars|etc\/localtime|Set-Cookie|TTTT|А/);
      expect(reply.headers['set-cookie']).toBeUndefined();
    });
  });

  it('keeps "$&" and the like in the drawn content as text', async () => {
    const reply = await prerendered('/?dollar=1');
    expect(reply.body).toContain('<p>$& $1 $$</p>');
    expect(reply.body).toContain('<div id="root"><div data-prerendered');
  });

  it("allows the shell's inline script by its hash, and no other inline script", async () => {
    const reply = await page(t, '/');
    const policy = String(reply.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(inlineScriptHashes(TEMPLATE)).toHaveLength(1);
    expect(scriptSrc.split(' ').sort()).toEqual(["'self'", ...inlineScriptHashes(TEMPLATE)].sort());
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it.each([
    ['a signed-in visit (its chrome and data are its own)', '/', { cookie: 'outpost_session=anything' }],
    ['a page behind a sign-in', '/private', {}],
    ['a page whose data does not answer', '/broken-data', {}],
    ['a public page its remote does not prerender', '/links', {}],
  ])('draws nothing on the server for %s', async (_what, url, headers) => {
    await prerendered('/');
    const reply = await page(t, url, headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('<div id="root"></div>');
    expect(reply.body).not.toContain('outpost-route-data');
  });

  describe('a staff page', () => {
    const cookie = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });
    /** The staff page once the process has drawn it for this session (it may start cold). */
    async function drawnFor(headers: Record<string, string>) {
      for (let attempt = 0; attempt < 200; attempt++) {
        const reply = await page(t, '/staff/bans', headers);
        if (reply.body.includes('data-prerendered')) return reply;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('/staff/bans was never prerendered');
    }

    it("is drawn for a session holding the route's permission, from that session's own answers", async () => {
      const staff = await createSignedInUser(t.database.db, { codes: ['bans.*'] }, 'Staff Member');
      const reply = await drawnFor(cookie(staff.token));
      expect(reply.body).toContain('<h1>staff bans</h1>');
      expect(reply.body).toContain('<p>for Staff Member holding bans.create</p>');
      const data = /<script type="application\/json" id="outpost-route-data">(.*?)<\/script>/.exec(reply.body)?.[1];
      const own = await t.app.inject({ method: 'GET', url: '/api/bans?limit=50', headers: cookie(staff.token) });
      expect(own.statusCode).toBe(200);
      expect(JSON.parse(data ?? 'null')).toEqual({ '/api/bans?limit=50': own.json() });
      expect(reply.headers['cache-control']).toBe('private, no-cache');
      expect(String(reply.headers.vary)).toContain('Cookie');
    });

    it.each([
      ['a visitor with no session', async () => ({})],
      ['an unknown session', async () => cookie('no-such-session')],
      [
        'a signed-in user without the permission',
        async () => cookie((await createSignedInUser(t.database.db, { codes: ['notes.view'] }, 'Player')).token),
      ],
      [
        // Its holder may use the API with it; pages are for browser sessions.
        'an API key holding the permission',
        async () => {
          const owner = await createSignedInUser(t.database.db, { codes: ['bans.*'] }, 'Key Owner');
          const { key } = await authService.regenerateApiKey(t.database.db, owner.userId);
          return { authorization: `Bearer ${key}` };
        },
      ],
    ])('is not drawn for %s, and carries none of its data', async (_who, headers) => {
      // The process is up and has drawn the page for staff: only the visit decides.
      const staff = await createSignedInUser(t.database.db, { codes: ['bans.*'] }, 'Staff Member');
      await drawnFor(cookie(staff.token));
      const reply = await page(t, '/staff/bans', await headers());
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toContain('<div id="root"></div>');
      expect(reply.body).not.toContain('outpost-route-data');
      expect(reply.body).not.toContain('staff bans');
    });
  });

  it("draws a fresh server's first visit to / (the process starts with the API and draws / once)", async () => {
    const fresh = await startTestApp(sqlite, {
      WEB_ROOT: webRoot,
      REMOTES_REGISTRY: path.join(webRoot, 'remotes.json'),
      SITE_NAME: 'Test Outpost',
    });
    try {
      // No visit until then: a process started by the first visit would send that visit undrawn.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const reply = await page(fresh, '/');
      expect(reply.headers['server-timing']).toContain('desc="drawn"');
      expect(reply.body).toContain('<h1>drawn by the servers remote</h1>');
    } finally {
      await fresh.close();
    }
  });

  it('draws nothing with PRERENDER=false', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const reply = await page(off, '/');
      expect(reply.body).toContain('<div id="root"></div>');
      expect(reply.headers.link).toContain('</api/servers>');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});

describe('inlineScriptHashes', () => {
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  it('hashes executable inline scripts only: not external ones, not JSON data', () => {
    const html = [
      '<script>a()</script>',
      '<script type="module">b()</script>',
      '<script src="/x.js"></script>',
      '<script defer src="/y.js">ignored()</script>',
      '<script type="application/json" id="data">{"a":1}</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')]);
  });
});
