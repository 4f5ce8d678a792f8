// The prerender process's program (see prerenderer.ts). It runs the shell's and a remote's
// prerender modules (dist/prerender.cjs of their builds) to draw a visitor's first screen.
//
// It is started with Node's permission model: it may read only the built web files it is
// given, not write any file, start processes or workers, or load native addons; its
// environment is empty (no secrets) and it holds no database connection. It gets the visit's
// public data from the API and answers HTML over the IPC channel.
//
// Plain CommonJS, run as `node -e` with this file's text: nothing to compile, and nothing of
// the API's modules in reach.
'use strict';
const fs = require('node:fs');
const vm = require('node:vm');
const { builtinModules, wrap } = require('node:module');
const path = require('node:path');

// Remote code draws markup; it has no business on the network.
const NO_NETWORK = new Set(['net', 'tls', 'http', 'https', 'http2', 'dgram', 'dns', 'undici']);
for (const name of ['fetch', 'WebSocket', 'EventSource']) Reflect.deleteProperty(globalThis, name);

/**
 * file -> { mtimeMs, exports }: a module is run again when its build is replaced. Releases add
 * new files over time: only the most recently used ones are kept.
 */
const loaded = new Map();
const KEEP_MODULES = 8;

function builtin(id) {
  const name = id.replace(/^node:/, '');
  if (!builtinModules.includes(name) || NO_NETWORK.has(name.split('/')[0])) {
    throw new Error(`prerender modules may not require ${id}`);
  }
  return require(`node:${name}`);
}

/** A CommonJS build, run with a `require` answering only `shared` modules and harmless built-ins. */
function load(file, shared) {
  const { mtimeMs } = fs.statSync(file);
  const cached = loaded.get(file);
  loaded.delete(file);
  if (cached && cached.mtimeMs === mtimeMs) {
    loaded.set(file, cached);
    return cached.exports;
  }
  const run = vm.runInThisContext(wrap(fs.readFileSync(file, 'utf8')), { filename: file });
  const module = { exports: {} };
  const requireShared = (id) => (Object.hasOwn(shared, id) ? shared[id] : builtin(id));
  run(module.exports, requireShared, module, file, path.dirname(file));
  loaded.set(file, { mtimeMs, exports: module.exports });
  for (const old of loaded.keys()) {
    if (loaded.size <= KEEP_MODULES) break;
    loaded.delete(old);
  }
  return module.exports;
}

/**
 * The shape of a time zone as the API checks it (api/src/lib/visit-time-zone.ts, which also asks
 * Intl): the API sends only zones it has checked; anything else here is drawn in UTC.
 */
const ZONE_SHAPE = /^[A-Za-z0-9][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9][A-Za-z0-9_+-]*){0,2}$/;

/**
 * Dates drawn from here on are the reader's wall-clock time in `zone` (issue 27): the kit's
 * formatters read the process's local time (Date's getHours, getTimezoneOffset, Intl without a
 * timeZone), and Node re-reads TZ, Intl's default zone too, when it is assigned. A render is
 * synchronous, so no other visit's render sees this zone. Assigned only on a change (~2 ms).
 */
function useTimeZone(zone) {
  const wanted = typeof zone === 'string' && zone.length <= 64 && ZONE_SHAPE.test(zone) ? zone : 'UTC';
  if (process.env.TZ !== wanted) process.env.TZ = wanted;
}

/** The shell's prerender module: its path is the program's one argument. */
const SHELL = process.argv[1];

/**
 * job: { remote: { name, file, path }, input: { url, registry, meta, data, locale, timeZone } } -> HTML, or null
 * when the remote has no prerendered page for the route (`path`): the shell would draw its
 * loading state there, which is no first screen.
 */
function render(job) {
  const shell = load(SHELL, {});
  if (typeof shell.prerender !== 'function' || typeof shell.shared !== 'object' || shell.shared === null) {
    throw new Error('the shell prerender module exports no prerender() or shared');
  }
  const remote = load(job.remote.file, shell.shared);
  const own = typeof remote.pages === 'object' && remote.pages !== null ? remote.pages : {};
  if (!Object.hasOwn(own, job.remote.path)) return null;
  const pages = Object.entries(own).map(([routePath, module]) => ({ name: job.remote.name, path: routePath, module }));
  useTimeZone(job.input.timeZone);
  const html = shell.prerender({ ...job.input, pages });
  return typeof html === 'string' ? html : null;
}

// The API went away (the IPC channel closed): so does this.
process.on('disconnect', () => process.exit(0));

process.on('message', (job) => {
  let answer;
  try {
    answer = { id: job.id, html: render(job) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    answer = { id: job.id, error: error && typeof error.code === 'string' ? `${error.code}: ${message}` : message };
  }
  process.send(answer);
});
// Ready once the shell's module is loaded and React's server renderer has run a few times: the
// first renders of a fresh process take several times as long, and a visit waits for them.
try {
  // The machine's own zone is no reader's: a visit without one is drawn in UTC.
  useTimeZone('UTC');
  const shell = load(SHELL, {});
  for (let warm = 0; warm < 5; warm++) shell.prerender({ url: '/', registry: [], meta: null, data: {}, pages: [] });
} catch {
  // A job meets the same failure and reports it.
}
process.send({ ready: true });
