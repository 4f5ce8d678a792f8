import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the shell's prerender() is given, but the page modules (the process loads those). */
export interface PrerenderInput {
  url: string;
  registry: unknown;
  meta: unknown;
  data: Record<string, unknown>;
  /** The visitor's locale: the screen is drawn in it (part of the cache key, as all the input). */
  locale?: string;
  /**
   * The reader's IANA time zone, checked (visitTimeZone): the process draws the screen's dates in
   * it. Part of the cache key as the rest, so a screen is never shared across zones.
   */
  timeZone?: string;
  /**
   * A staff page's visit (first-screen.ts): the session's own profile answer and the permission
   * the route needs, which the API has found the session holding.
   */
  signedIn?: { profile: unknown; permission: string };
}

export interface PrerenderJob {
  /**
   * The prerender module of the remote owning the page, that remote's container name, and the
   * route's path pattern (a page the module does not prerender is not drawn).
   */
  remote: { name: string; file: string; path: string };
  input: PrerenderInput;
}

export interface PrerendererOptions {
  /** The shell build's prerender module (it provides prerender() and the shared singletons). */
  shell: string;
  /** Folders the process may read (the web root's builds, remote releases): nothing else. */
  readable: string[];
  /** A visit waits this long for its screen at most, then goes out without it. */
  timeoutMs?: number;
  /** A render not answered in this time is stuck: the process is ended (and started again). */
  stuckMs?: number;
  /** Renders waiting at once beyond which a visit is not prerendered (the API stays quick). */
  maxPending?: number;
  /** Memory the process may use (V8 old space), in MiB. */
  maxMemoryMb?: number;
  /** A process that ended is started again at most this often. */
  restartMs?: number;
  /** Told of a render that failed (a module that throws) and of the process ending. */
  onProblem?: (message: string) => void;
  /**
   * Called each time a (re)started process is ready: the API draws `/` once then, so the first
   * visit finds the page's module loaded and its screen at hand instead of waiting for both.
   */
  onReady?: () => void;
}

export interface Prerenderer {
  /** The first screen's HTML, or null: not ready yet, busy, too slow, failed or no such page. */
  render(job: PrerenderJob): Promise<string | null>;
  /** Starts the process now rather than on the first visit that asks (never waited on). */
  start(): void;
  close(): void;
}

export const PRERENDER_TIMEOUT_MS = 150;
export const PRERENDER_STUCK_MS = 3_000;
export const PRERENDER_MAX_PENDING = 8;
/** A process that ended is started again at most this often. */
export const PRERENDER_RESTART_MS = 5_000;
/**
 * The same input (page, registry, meta, data: all of it is the key) within this time is
 * answered from memory. The data is read fresh for every visit, so this never makes a screen
 * staler; it only saves drawing the same one again while nothing changed.
 */
export const PRERENDER_CACHE_MS = 60_000;
const CACHE_ENTRIES = 32;

/**
 * --allow-fs-read flags for these folders: each once, none inside another. (Node 20 aborts at
 * start-up when given the same folder twice, as a default setup would: the releases folder
 * defaults to the web root, whose remotes/ is already listed.)
 */
export function readableFlags(dirs: readonly string[]): string[] {
  const resolved = [...new Set(dirs.map((dir) => path.resolve(dir)))];
  const inside = (dir: string, other: string) => dir !== other && dir.startsWith(`${other}${path.sep}`);
  return resolved.filter((dir) => !resolved.some((other) => inside(dir, other))).map((dir) => `--allow-fs-read=${dir}`);
}

/**
 * The process's program (prerender-process.cjs: beside this file in src/, copied beside the
 * bundle in dist/), given to `node -e` so the process needs no read access to the API's files.
 */
function programSource(): string {
  return fs.readFileSync(new URL('./prerender-process.cjs', import.meta.url), 'utf8');
}

/** Node 20 names the permission model experimental; later Node versions call it --permission. */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission')
  ? '--permission'
  : '--experimental-permission';

type Answer = { id: number; html: string | null } | { id: number; error: string } | { ready: true };

/**
 * Draws visitors' first screens in a separate process (prerender-process.cjs), started on the
 * first visit that asks and kept. It is never waited on to start: until it is ready, pages go
 * out as before, without a prerendered screen.
 */
export function createPrerenderer(options: PrerendererOptions): Prerenderer {
  const timeoutMs = options.timeoutMs ?? PRERENDER_TIMEOUT_MS;
  const stuckMs = options.stuckMs ?? PRERENDER_STUCK_MS;
  const maxPending = options.maxPending ?? PRERENDER_MAX_PENDING;
  let child: ChildProcess | null = null;
  let ready = false;
  let startedAt = -Infinity;
  let closed = false;
  let nextId = 1;
  const pending = new Map<number, (html: string | null) => void>();
  const cache = new Map<string, { at: number; html: Promise<string | null> }>();

  function start(): void {
    if (closed || child || Date.now() - startedAt < (options.restartMs ?? PRERENDER_RESTART_MS)) return;
    startedAt = Date.now();
    ready = false;
    const started = spawn(
      process.execPath,
      [
        PERMISSION_FLAG,
        ...readableFlags(options.readable),
        `--max-old-space-size=${options.maxMemoryMb ?? 256}`,
        '--no-warnings',
        '-e',
        programSource(),
        options.shell,
      ],
      // No environment: nothing of the API's settings (database URL, keys) is in reach.
      { env: {}, stdio: ['ignore', 'ignore', 'ignore', 'ipc'], serialization: 'json' },
    );
    child = started;
    started.on('message', (message: Answer) => {
      if ('ready' in message) {
        ready = true;
        options.onReady?.();
        return;
      }
      const settle = pending.get(message.id);
      pending.delete(message.id);
      if ('error' in message) options.onProblem?.(`prerender failed: ${message.error}`);
      settle?.('html' in message ? message.html : null);
    });
    const ended = (reason: Error | number | null, signal?: NodeJS.Signals | null) => {
      if (child !== started) return;
      options.onProblem?.(
        `prerender process ended: ${reason instanceof Error ? reason.message : (signal ?? `exit code ${reason}`)}`,
      );
      child = null;
      ready = false;
      for (const settle of pending.values()) settle(null);
      pending.clear();
    };
    started.on('exit', ended);
    started.on('error', ended);
    // The API may exit with it running: it ends with the IPC channel.
    started.unref();
    started.channel?.unref();
  }

  /** The process's answer to one job, however long it takes (up to stuckMs). */
  function send(job: PrerenderJob): Promise<string | null> {
    const running = child;
    if (!running || !ready || pending.size >= maxPending) {
      start();
      return Promise.resolve(null);
    }
    const id = nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve(null);
        // A render this late is stuck (a module in a loop): the process is ended, so the
        // next visits do not queue behind it; it is started again later.
        if (child === running) {
          options.onProblem?.(`prerender took over ${stuckMs} ms: process restarted`);
          running.kill('SIGKILL');
        }
      }, stuckMs);
      pending.set(id, (html) => {
        clearTimeout(timer);
        resolve(html);
      });
      running.send({ id, ...job }, (error) => {
        if (!error) return;
        pending.delete(id);
        clearTimeout(timer);
        resolve(null);
      });
    });
  }

  return {
    render(job) {
      const key = createHash('sha256').update(JSON.stringify(job)).digest('base64url');
      const now = Date.now();
      const hit = cache.get(key);
      const fresh = hit && now - hit.at < PRERENDER_CACHE_MS ? hit : undefined;
      const answer = fresh ? fresh.html : send(job);
      // Most recently used last (a Map keeps the order of insertion): a visitor sending many
      // different inputs (time zones, query strings) only pushes out the least used screens,
      // and never holds more than CACHE_ENTRIES of them.
      cache.delete(key);
      cache.set(key, fresh ?? { at: now, html: answer });
      if (!fresh) {
        // Only answers are kept: a miss (not ready, failed) is asked again next time.
        void answer.then((value) => value === null && cache.get(key)?.html === answer && cache.delete(key));
        for (const [old, entry] of cache) if (now - entry.at >= PRERENDER_CACHE_MS) cache.delete(old);
        for (const old of cache.keys()) {
          if (cache.size <= CACHE_ENTRIES) break;
          cache.delete(old);
        }
      }
      // The visit waits timeoutMs at most. A later answer still serves the next visit with the
      // same input (a busy machine draws slowly, and the process is not ended for it).
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      });
      return Promise.race([answer, late]).finally(() => clearTimeout(timer));
    },
    start,
    close() {
      closed = true;
      child?.kill();
      child = null;
    },
  };
}
