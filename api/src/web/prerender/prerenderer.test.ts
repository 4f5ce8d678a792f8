import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPrerenderer, type Prerenderer, type PrerenderJob, readableFlags } from './prerenderer';

// A shell prerender module as the process expects one: prerender() and the shared singletons.
const SHELL = `
let renders = 0;
exports.shared = { 'shared-thing': { value: 'from the shell' } };
exports.prerender = (input) => {
  renders += 1;
  return '<main data-renders="' + renders + '">' + input.pages.map((page) => page.module.draw(input)).join('') + '</main>';
};
`;

/** A remote prerender module whose page at '/' runs `draw` (the body of a function of input). */
const remote = (draw: string) => `
const shared = require('shared-thing');
exports.pages = { '/': { draw(input) { ${draw} } } };
`;

describe('the prerender process', () => {
  let dir: string;
  let secret: string;
  const problems: string[] = [];
  const open: Prerenderer[] = [];
  const write = (name: string, text: string) => {
    const file = path.join(dir, 'web', name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return file;
  };
  const start = (options: { timeoutMs?: number; stuckMs?: number; maxPending?: number } = {}) => {
    const prerenderer = createPrerenderer({
      shell: path.join(dir, 'web/shell/prerender.cjs'),
      readable: [path.join(dir, 'web')],
      restartMs: 0,
      onProblem: (message) => problems.push(message),
      ...options,
    });
    open.push(prerenderer);
    return prerenderer;
  };
  const job = (file: string, data: Record<string, unknown> = { '/api/servers': [1, 2] }): PrerenderJob => ({
    remote: { name: 'servers', file, path: '/' },
    input: { url: '/', registry: [], meta: { siteName: 'Outpost' }, data },
  });
  /** The first answer once the process is up (it is not waited for: early visits get null). */
  async function whenReady(prerenderer: Prerenderer, first: PrerenderJob): Promise<string> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const html = await prerenderer.render({ ...first, input: { ...first.input, url: `/?attempt=${attempt}` } });
      if (html !== null) return html;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the prerender process never answered: ${problems.join('; ')}`);
  }

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-prerender-'));
    write('shell/prerender.cjs', SHELL);
    secret = path.join(dir, 'secret.txt');
    fs.writeFileSync(secret, 'DATABASE_URL=postgres://admin:hunter2@db/outpost');
  });
  afterEach(() => {
    for (const prerenderer of open.splice(0)) prerenderer.close();
    problems.length = 0;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('draws the page with the shell, handing the remote its shared modules, the visit and its data', async () => {
    const prerenderer = start();
    const file = write(
      'remotes/servers/prerender.cjs',
      remote(`return '<p>' + shared.value + ' ' + input.url + ' ' + JSON.stringify(input.data) + '</p>';`),
    );
    // Not started until asked, and never waited for: the first visit goes out without a screen.
    expect(await prerenderer.render(job(file))).toBeNull();
    const html = await whenReady(prerenderer, job(file));
    expect(html).toMatch(
      /^<main data-renders="\d+"><p>from the shell \/\?attempt=\d+ \{"\/api\/servers":\[1,2\]\}<\/p><\/main>$/,
    );
  });

  it('starts when told, before any visit, and says when it is ready: the first visit is drawn', async () => {
    let ready: () => void = () => undefined;
    const isReady = new Promise<void>((resolve) => {
      ready = resolve;
    });
    const prerenderer = createPrerenderer({
      shell: path.join(dir, 'web/shell/prerender.cjs'),
      readable: [path.join(dir, 'web')],
      timeoutMs: 2_000,
      onReady: () => ready(),
    });
    open.push(prerenderer);
    const file = write('remotes/servers/prerender.cjs', remote(`return '<p>first</p>';`));
    prerenderer.start();
    await isReady;
    expect(await prerenderer.render(job(file, { first: 'visit' }))).toContain('<p>first</p>');
  });

  it('answers the same visit from memory for a moment, and a different one anew', async () => {
    const prerenderer = start();
    const file = write('remotes/servers/prerender.cjs', remote(`return '<p>' + JSON.stringify(input.data) + '</p>';`));
    await whenReady(prerenderer, job(file));
    const first = await prerenderer.render(job(file, { '/api/servers': ['a'] }));
    const again = await prerenderer.render(job(file, { '/api/servers': ['a'] }));
    const other = await prerenderer.render(job(file, { '/api/servers': ['b'] }));
    expect(again).toBe(first);
    expect(other).toContain('["b"]');
    const renders = (html: string | null) => Number(/data-renders="(\d+)"/.exec(html ?? '')?.[1]);
    expect(renders(other)).toBe(renders(first) + 1);
  });

  it("draws dates in the visit's time zone, and never answers one zone with another's screen", async () => {
    const prerenderer = start();
    // 12:00 UTC on 1 January 2026 as the kit reads it: the local hour and Intl's default zone.
    const file = write(
      'remotes/servers/prerender.cjs',
      remote(`const noon = new Date(Date.UTC(2026, 0, 1, 12));
        return '<p>' + noon.getHours() + ' ' + new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' }).format(noon) + '</p>';`),
    );
    await whenReady(prerenderer, job(file));
    const inZone = async (timeZone?: string) => {
      const visit = job(file, { same: 'data' });
      return prerenderer.render({ ...visit, input: { ...visit.input, ...(timeZone ? { timeZone } : {}) } });
    };
    expect(await inZone('Asia/Tokyo')).toContain('<p>21 21:00 GMT+9</p>');
    expect(await inZone('America/Los_Angeles')).toContain('<p>4 04:00 PST</p>');
    // No zone, or one the API would never send: UTC, not the machine's own zone.
    expect(await inZone()).toContain('<p>12 12:00 UTC</p>');
    expect(await inZone('../../etc/localtime')).toContain('<p>12 12:00 UTC</p>');
    // Back to a zone drawn before (from memory or anew, the same).
    expect(await inZone('Asia/Tokyo')).toContain('<p>21 21:00 GMT+9</p>');
  });

  it('keeps the screens used last, and no more than a few dozen, however many zones are sent', async () => {
    const prerenderer = start();
    const file = write('remotes/servers/prerender.cjs', remote(`return '<p>' + input.timeZone + '</p>';`));
    await whenReady(prerenderer, job(file));
    const renders = (html: string | null) => Number(/data-renders="(\d+)"/.exec(html ?? '')?.[1]);
    const inZone = (timeZone: string) => {
      const visit = job(file, { same: 'data' });
      return prerenderer.render({ ...visit, input: { ...visit.input, timeZone } });
    };
    const zones = Intl.supportedValuesOf('timeZone').slice(0, 100);
    const tokyo = await inZone('Asia/Tokyo');
    const first = await inZone(zones[0] as string);
    // A visitor sends a hundred zones; a Tokyo reader keeps coming meanwhile.
    for (const zone of zones) {
      expect(await inZone(zone)).toContain(`<p>${zone}</p>`);
      expect(renders(await inZone('Asia/Tokyo'))).toBe(renders(tokyo));
    }
    // The zones sent first were let go (drawn anew), the one in use was not.
    expect(renders(await inZone(zones[0] as string))).toBeGreaterThan(renders(first));
    expect(renders(await inZone('Asia/Tokyo'))).toBe(renders(tokyo));
  });

  it("draws nothing for a remote without pages or without this route's, and reports a page that throws", async () => {
    const prerenderer = start();
    const good = write('remotes/servers/prerender.cjs', remote(`return '<p>ok</p>';`));
    await whenReady(prerenderer, job(good));
    const none = write('remotes/none/prerender.cjs', 'exports.somethingElse = 1;');
    expect(await prerenderer.render(job(none))).toBeNull();
    // The remote prerenders '/', not '/links': the shell would draw its loading state there.
    const otherRoute = job(good, { route: 'links' });
    expect(await prerenderer.render({ ...otherRoute, remote: { ...otherRoute.remote, path: '/links' } })).toBeNull();
    expect(problems).toEqual([]);
    const throwing = write('remotes/throwing/prerender.cjs', remote(`throw new Error('the page broke');`));
    expect(await prerenderer.render(job(throwing))).toBeNull();
    expect(problems.join('\n')).toContain('prerender failed: the page broke');
    // The process lives on.
    expect(await prerenderer.render(job(good, { other: true }))).toContain('<p>ok</p>');
  });

  // What a remote's code could try from the process: every one refused.
  it.each([
    [
      'reads a file outside the builds',
      `return require('node:fs').readFileSync(${'SECRET'}, 'utf8');`,
      /ERR_ACCESS_DENIED|permission/i,
    ],
    [
      'writes a file',
      `require('fs').writeFileSync(${'SECRET'} + '.copy', 'x'); return 'wrote';`,
      /ERR_ACCESS_DENIED|permission/i,
    ],
    ['starts a process', `return String(require('child_process').execSync('id'));`, /ERR_ACCESS_DENIED|permission/i],
    [
      'starts a worker',
      `new (require('worker_threads').Worker)('1', { eval: true }); return 'worker';`,
      /ERR_ACCESS_DENIED|permission/i,
    ],
    ['opens a socket', `require('net').connect(5432, '127.0.0.1'); return 'net';`, /may not require net/],
    [
      'makes an HTTP call',
      `require('node:http').get('http://127.0.0.1/'); return 'http';`,
      /may not require node:http/,
    ],
    ['looks up a host', `require('dns').lookup('example.org', () => {}); return 'dns';`, /may not require dns/],
    ['fetches', `fetch('http://127.0.0.1/'); return 'fetch';`, /fetch is not defined/],
    ['loads an outside package', `return String(require('pg'));`, /may not require pg/],
    [
      // Its environment holds the reader's time zone (TZ, set by the process itself) and nothing else.
      'reads an API setting',
      `if (Object.keys(process.env).some((key) => key !== 'TZ')) return JSON.stringify(process.env); throw new Error('no environment');`,
      /no environment/,
    ],
  ])('refuses a page that %s', async (_what, draw, reason) => {
    const prerenderer = start();
    const good = write('remotes/servers/prerender.cjs', remote(`return '<p>ok</p>';`));
    await whenReady(prerenderer, job(good));
    const hostile = write(
      `remotes/hostile-${problems.length}-${Date.now()}/prerender.cjs`,
      remote(draw.replaceAll('SECRET', JSON.stringify(secret))),
    );
    expect(await prerenderer.render(job(hostile))).toBeNull();
    expect(problems.join('\n')).toMatch(reason);
    expect(fs.existsSync(`${secret}.copy`)).toBe(false);
  });

  it('sends a visit on without a screen that comes late, and serves that screen to the next same visit', async () => {
    const prerenderer = start({ timeoutMs: 100 });
    const good = write('remotes/servers/prerender.cjs', remote(`return '<p>ok</p>';`));
    await whenReady(prerenderer, job(good));
    const slow = write(
      'remotes/slowly/prerender.cjs',
      remote(`const until = Date.now() + 300; while (Date.now() < until) {} return '<p>slow</p>';`),
    );
    const started = Date.now();
    expect(await prerenderer.render(job(slow))).toBeNull();
    expect(Date.now() - started).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await prerenderer.render(job(slow))).toContain('<p>slow</p>');
    expect(problems).toEqual([]);
  });

  it('ends a process stuck on a page, and starts a fresh one for the next visits', async () => {
    const prerenderer = start({ timeoutMs: 100, stuckMs: 500 });
    const good = write('remotes/servers/prerender.cjs', remote(`return '<p>ok</p>';`));
    await whenReady(prerenderer, job(good));
    const looping = write('remotes/looping/prerender.cjs', remote('for (;;) {}'));
    const started = Date.now();
    expect(await prerenderer.render(job(looping))).toBeNull();
    expect(Date.now() - started).toBeLessThan(400);
    await expect.poll(() => problems.join('\n')).toContain('took over 500 ms');
    expect(await whenReady(prerenderer, job(good, { after: 'restart' }))).toContain('<p>ok</p>');
  });

  it('survives a page that ends the process', async () => {
    const prerenderer = start();
    const good = write('remotes/servers/prerender.cjs', remote(`return '<p>ok</p>';`));
    await whenReady(prerenderer, job(good));
    const exiting = write('remotes/exiting/prerender.cjs', remote('process.exit(3);'));
    expect(await prerenderer.render(job(exiting))).toBeNull();
    expect(problems.join('\n')).toContain('prerender process ended: exit code 3');
    expect(await whenReady(prerenderer, job(good, { after: 'exit' }))).toContain('<p>ok</p>');
  });

  it('does not queue visits behind a busy process', async () => {
    const prerenderer = start({ maxPending: 1, timeoutMs: 2_000, stuckMs: 5_000 });
    const good = write('remotes/servers/prerender.cjs', remote(`return '<p>ok</p>';`));
    await whenReady(prerenderer, job(good));
    const slow = write(
      'remotes/slow/prerender.cjs',
      remote(`const until = Date.now() + 400; while (Date.now() < until) {} return '<p>slow</p>';`),
    );
    const first = prerenderer.render(job(slow));
    expect(await prerenderer.render(job(good, { while: 'busy' }))).toBeNull();
    expect(await first).toContain('<p>slow</p>');
  });

  it('draws nothing once closed', async () => {
    const prerenderer = start();
    const good = write('remotes/servers/prerender.cjs', remote(`return '<p>ok</p>';`));
    await whenReady(prerenderer, job(good));
    prerenderer.close();
    expect(await prerenderer.render(job(good, { after: 'close' }))).toBeNull();
  });
});

describe('readableFlags', () => {
  it('names each folder once and none inside another (Node 20 aborts on a repeated folder)', () => {
    expect(
      readableFlags([
        '/web/remotes',
        '/web/shell/dist',
        '/web/remotes/',
        '/web/remotes/docs/1.0.0',
        '/web/remotes-other',
      ]),
    ).toEqual([
      '--allow-fs-read=/web/remotes',
      '--allow-fs-read=/web/shell/dist',
      '--allow-fs-read=/web/remotes-other',
    ]);
  });
});
