// What the page-load benches share (page-load.bench.ts, admin-bans-load.bench.ts): the production
// build served by the compiled API (as `npm start` serves it) with the bare baseline page beside it,
// and one cold load in headless Chromium timed to the first frame showing a table's rows.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { SESSION_COOKIE } from '../api/src/modules/auth/sessions-service';
import { throttle } from './throttling';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Idle time between two loads (PAGE_LOAD_GAP_MS). */
const GAP_MS = Number(process.env.PAGE_LOAD_GAP_MS ?? 500);
/** PAGE_LOAD_TRACE=1 prints every load's requests (start after navigation, duration). */
const TRACE = process.env.PAGE_LOAD_TRACE === '1';
/**
 * PAGE_LOAD_PROFILE=/some/prefix writes a CPU profile of each load (the last of each page stays);
 * build with OUTPOST_READABLE_BUILD=1 first for function names.
 */
const PROFILE = process.env.PAGE_LOAD_PROFILE;
/** PAGE_LOAD_TIMELINE=/some/prefix writes a Chromium performance trace of each load (open in DevTools). */
const TIMELINE = process.env.PAGE_LOAD_TIMELINE;

export { CHROMIUM_ARGS } from '../shared/build/chromium-args.mjs';

export interface Load {
  ms: number;
  /**
   * When the table was live (drawn by the page's own code: it works, not a prerendered screen
   * waiting to be replaced); the same as `ms` for a page that is not prerendered.
   */
  liveMs: number;
  /** Whether the table was first seen in a screen the server drew. */
  prerendered: boolean;
  scripts: { path: string; bytes: number; encoding: string }[];
  /** Every response body as received (compressed), scripts included. */
  totalBytes: number;
}

/** A web root like the repository's, plus the bare page as /remotes/bare/. */
function webRoot(dir: string): string {
  const web = path.join(dir, 'web');
  fs.mkdirSync(path.join(web, 'remotes'), { recursive: true });
  fs.symlinkSync(path.join(root, 'shell'), path.join(web, 'shell'));
  for (const id of fs.readdirSync(path.join(root, 'remotes'))) {
    fs.symlinkSync(path.join(root, 'remotes', id), path.join(web, 'remotes', id));
  }
  fs.symlinkSync(path.join(root, 'bench/bare-page'), path.join(web, 'remotes/bare'));
  return web;
}

export function ensureBuilt() {
  const bare = path.join(root, 'bench/bare-page');
  if (!fs.existsSync(path.join(bare, 'dist/index.html'))) {
    const built = spawnSync(path.join(bare, 'node_modules/.bin/rsbuild'), ['build'], { cwd: bare, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the bare page did not build');
  }
  if (!fs.existsSync(path.join(root, 'api/dist/server.mjs')))
    throw new Error('api/dist/server.mjs is missing: pnpm build');
}

/** The production API serving `dir`'s database and web root on 127.0.0.1:`port`; answers its stop. */
export async function startServer(dir: string, port: number): Promise<() => Promise<void>> {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'api/dist/server.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      POLLER_ENABLED: 'false',
      STEAM_STATUS_URL: 'none',
      DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite')}`,
      WEB_ROOT: webRoot(dir),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The server may stop before it answers (its port taken by another run): then the bench
  // stops too, rather than timing pages some other process serves.
  let exited = false;
  const exit = once(server, 'exit').then(() => {
    exited = true;
  });
  // Up to 60 s: a loaded machine has taken 14 s to start it.
  let up = false;
  for (let attempt = 0; attempt < 600 && !exited && !up; attempt++) {
    try {
      up = (await fetch(`${origin}/api/health`)).ok;
    } catch {
      // not up yet
    }
    if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (exited || !up) {
    if (!exited) server.kill('SIGTERM');
    await exit;
    throw new Error(`the API did not start on ${origin} (is the port taken? set the bench's port variable)`);
  }
  return async () => {
    server.kill('SIGTERM');
    await exit;
  };
}

/**
 * Runs in the page before anything else (an init script), checking each frame for the table:
 * outpostReadyAt is the time, in the first frame with `count` visible rows matching `pattern`, at which the
 * check ran (its layout done: that frame paints them next) (the budget's
 * measure), outpostLiveAt that of the first with them drawn by the page's own code (no screen
 * the server drew left in the root). Plain JavaScript source: a TypeScript runner's helpers
 * (tsx names functions with one) do not exist in the page.
 */
export function watchRows(pattern: RegExp, count: number): string {
  return `(() => {
  // Tells the bench (coldLoad's binding) once a time is noted, after noting it.
  const tell = (key) => window.outpostSignal?.(key);
  // The time the check runs, not the frame's start time (requestAnimationFrame's argument):
  // a busy main thread runs a frame's callbacks well after that frame began.
  const check = () => {
    const frame = performance.now();
    const rows = [...document.querySelectorAll('tr')].filter(
      (row) => row.offsetParent !== null && ${pattern}.test(row.textContent || ''),
    );
    if (rows.length >= ${count}) {
      if (window.outpostReadyAt === undefined) {
        window.outpostReadyAt = frame;
        tell('outpostReadyAt');
      }
      if (document.querySelector('[data-prerendered]')) window.outpostSawPrerendered = true;
      else if (window.outpostLiveAt === undefined) {
        window.outpostLiveAt = frame;
        tell('outpostLiveAt');
      }
    }
    if (window.outpostLiveAt === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;
}

/**
 * One cold load (a fresh context: empty cache, no connections) until every server row is
 * visible (`watch`, a watchRows script); with `live`, until they are the page's own, not a prerendered screen.
 * A page without the table (signed-in pages, counted in bytes only) is done when `ready` passes.
 */
export async function coldLoad(
  browser: Browser,
  url: string,
  options: {
    watch?: string;
    live?: boolean;
    ready?: () => boolean;
    cookie?: string;
    throttled?: boolean;
    /** The browser's language (its Accept-Language): a German visitor is served and drawn in German. */
    locale?: string;
  } = {},
): Promise<Load> {
  const { watch, live = false, ready, cookie, throttled = false, locale } = options;
  const context = await browser.newContext(locale ? { locale } : {});
  if (cookie) await context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: new URL(url).origin }]);
  const page = await context.newPage();
  if (throttled) await throttle(context, page);
  const finished: Promise<void>[] = [];
  const scripts: Load['scripts'] = [];
  const trace: string[] = [];
  let totalBytes = 0;
  page.on('requestfinished', (request) => {
    finished.push(
      (async () => {
        const sizes = await request.sizes();
        if (TRACE) {
          const timing = request.timing();
          trace.push(
            `${(timing.startTime - navigationStart).toFixed(0).padStart(5)} +${timing.responseEnd.toFixed(0).padStart(4)} ms  ${new URL(request.url()).pathname}`,
          );
        }
        const response = await request.response();
        totalBytes += sizes.responseBodySize;
        if (request.resourceType() === 'script') {
          scripts.push({
            path: new URL(request.url()).pathname,
            bytes: sizes.responseBodySize,
            encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
          });
        }
      })().catch((error: unknown) => {
        // A request finishing as its page closes (a favicon, after the load was counted) has no
        // sizes left to read: it is not counted, as before, instead of ending the run.
        if (!page.isClosed()) throw error;
      }),
    );
  });
  const profiler = PROFILE ? await context.newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.send('Profiler.start');
  }
  if (TIMELINE)
    await browser.startTracing(page, {
      path: `${TIMELINE}-${new URL(url).pathname.replaceAll('/', '_')}.json`,
      categories: [
        'devtools.timeline',
        'v8.execute',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'loading',
        'v8',
      ],
    });
  // Watched in the page from its first moment, each frame, before anything of the page runs:
  // the time is that of the first frame with the table in it. (A check sent after navigating
  // would run only once the page's own scripts let it, and note that time instead.)
  //
  // The page tells the bench through a binding when the time it waits for is noted, rather than
  // the bench polling with waitForFunction: that evaluates Playwright's injected script (14 ms of
  // the page's main thread in a trace) in the page as it loads, and it landed in the frame being
  // timed (between the drawn table's layout and the check), on whichever page paints first.
  const wanted = live ? 'outpostLiveAt' : 'outpostReadyAt';
  let noted = () => {};
  const signalled = new Promise<void>((resolve) => {
    noted = resolve;
  });
  if (watch) {
    await page.exposeBinding('outpostSignal', (_source, key: unknown) => {
      if (key === wanted) noted();
    });
    await page.addInitScript({ content: watch });
  }
  const navigationStart = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  if (watch && !ready) await within(signalled, 30_000, `${url}: ${wanted} never noted`);
  else
    await page.waitForFunction(
      ready ?? ((key) => (window as unknown as Record<string, number | undefined>)[key] !== undefined),
      wanted,
      { timeout: 30_000 },
    );
  if (TIMELINE) await browser.stopTracing();
  if (profiler) {
    const { profile } = await profiler.send('Profiler.stop');
    fs.writeFileSync(`${PROFILE}-${new URL(url).pathname.replaceAll('/', '_')}.cpuprofile`, JSON.stringify(profile));
  }
  const times = await page.evaluate(() => {
    const own = window as unknown as Record<string, number | boolean | undefined>;
    return {
      ready: (own.outpostReadyAt as number | undefined) ?? performance.now(),
      live: own.outpostLiveAt as number | undefined,
      drawn: own.outpostSawPrerendered === true,
    };
  });
  const ms = times.ready;
  const liveMs = times.live ?? ms;
  const prerendered = times.drawn;
  // Let scripts the page requested by then finish arriving (counted, not timed).
  await page.waitForLoadState('networkidle');
  await Promise.all(finished);
  const paint = TRACE
    ? `first contentful paint at ${(
        await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1)
      ).toFixed(0)} ms, server timing ${await page.evaluate(() =>
        JSON.stringify(
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.serverTiming.map(
            (entry) => `${entry.name} ${entry.duration.toFixed(1)} ${entry.description}`,
          ),
        ),
      )}`
    : '';
  await context.close();
  // Let the closed page's renderer wind down before the next load starts: its teardown on the
  // same two cores otherwise lands in the next load, whichever page that is.
  await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  if (TRACE)
    console.log(
      `   ${url} ready at ${ms.toFixed(0)} ms (${paint}):\n${trace
        .sort()
        .map((line) => `     ${line}`)
        .join('\n')}`,
    );
  return { ms, liveMs, prerendered, scripts, totalBytes };
}

/** `promise`, or a failure naming `what` after `ms`. */
async function within(promise: Promise<void>, ms: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
export const kb = (bytes: number) => bytes / 1024;
export const jsBytes = (load: Load) => load.scripts.reduce((sum, script) => sum + script.bytes, 0);
