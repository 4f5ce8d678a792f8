#!/usr/bin/env node
// The root commands (npm/pnpm start, demo, dev, build, test, bench, outpost). They work on a
// fresh machine with only Node: dependencies are installed first when missing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.9';
const REMOTES = readdirSync(path.join(root, 'remotes')).filter((name) =>
  existsSync(path.join(root, 'remotes', name, 'package.json')),
);

function log(message) {
  console.log(`\n[outpost] ${message}`);
}

function run(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    log(`FAILED (${seconds} s): ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
  return Number(seconds);
}

function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim() === PNPM_VERSION) return ['pnpm', []];
  return ['npx', ['--yes', `pnpm@${PNPM_VERSION}`]];
}

function pnpm(args, options) {
  const [command, prefix] = pnpmCommand();
  return run(command, [...prefix, ...args], options);
}

function bin(name) {
  return path.join(root, 'node_modules/.bin', name);
}

function ensureInstalled() {
  if (existsSync(path.join(root, 'node_modules/.modules.yaml'))) return;
  log('installing dependencies (first run)');
  const seconds = pnpm(['install', '--frozen-lockfile']);
  log(`installed in ${seconds} s`);
}

function appDirs() {
  return [...REMOTES.map((name) => path.join(root, 'remotes', name)), path.join(root, 'shell')];
}

function isBuilt(dir) {
  return (
    existsSync(path.join(dir, 'dist/index.html')) &&
    (dir.endsWith('shell') || existsSync(path.join(dir, 'dist/route-table.json')))
  );
}

function buildApps(dirs) {
  const started = Date.now();
  for (const dir of dirs) {
    log(`building ${path.relative(root, dir)}`);
    run(path.join(dir, 'node_modules/.bin/rsbuild'), ['build'], { cwd: dir });
  }
  log(`built ${dirs.length} app(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const API_BUILD = path.join(root, 'api/dist/server.mjs');
const DEMO_BUILD = path.join(root, 'api/dist/demo.mjs');
const API_SOURCES = [path.join(root, 'api/src'), path.join(root, 'shared/contracts/src')];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** The compiled API is current when no source it is built from changed after it. */
function apiIsBuilt() {
  if (!existsSync(API_BUILD) || !existsSync(DEMO_BUILD)) return false;
  const built = Math.min(statSync(API_BUILD).mtimeMs, statSync(DEMO_BUILD).mtimeMs);
  return API_SOURCES.every((dir) => newestMtime(dir) <= built);
}

function buildApi() {
  run(process.execPath, [path.join(root, 'api/build.mjs')]);
}

/** Serves the compiled API (and the built apps): plain node, no TypeScript loader at run time. */
function serve(extraEnv = {}) {
  const child = spawn(process.execPath, [API_BUILD], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

const commands = {
  start() {
    ensureInstalled();
    const missing = appDirs().filter((dir) => !isBuilt(dir));
    if (missing.length > 0) buildApps(missing);
    if (!apiIsBuilt()) buildApi();
    serve();
  },
  demo() {
    // Like start: the built apps and the compiled API (api/dist/demo.mjs, the API with the
    // demo's simulators and seed). Arguments pass through (--i-know-this-is-public).
    ensureInstalled();
    const missing = appDirs().filter((dir) => !isBuilt(dir));
    if (missing.length > 0) buildApps(missing);
    if (!apiIsBuilt()) buildApi();
    const child = spawn(process.execPath, [DEMO_BUILD, ...process.argv.slice(3)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DEMO_DATA_DIR: process.env.DEMO_DATA_DIR ?? path.join(root, '.demo') },
    });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code) => process.exit(code ?? 0));
  },
  dev() {
    ensureInstalled();
    // Rebuild every app on change and restart the API on change; the API serves the builds.
    for (const dir of appDirs())
      spawn(path.join(dir, 'node_modules/.bin/rsbuild'), ['build', '--watch'], { cwd: dir, stdio: 'inherit' });
    const api = spawn(bin('tsx'), ['watch', path.join(root, 'api/src/server.ts')], { cwd: root, stdio: 'inherit' });
    api.on('exit', (code) => process.exit(code ?? 0));
  },
  build() {
    ensureInstalled();
    buildApps(appDirs());
    buildApi();
  },
  test() {
    ensureInstalled();
    const times = {};
    times.typecheck = run(bin('tsc'), ['-b']);
    times.lint = pnpm(['run', 'lint']);
    times.unit = run(bin('vitest'), ['run']);
    const buildStarted = Date.now();
    buildApps(appDirs());
    buildApi();
    times.build = Number(((Date.now() - buildStarted) / 1000).toFixed(1));
    times.e2e = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']);
    // The second factor's "Done when" (issue 31): enrol, step-up and recovery in Chromium on
    // PostgreSQL too. The security specs again, the e2e server on a database of that server.
    if (process.env.TEST_DATABASE_URL) {
      const specs = ['e2e/tests/security.spec.ts', 'e2e/tests/security-passkeys.spec.ts'];
      times.e2ePostgres = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', ...specs], {
        env: { ...process.env, E2E_DATABASE_URL: process.env.TEST_DATABASE_URL },
      });
    }
    log(`all green. seconds: ${JSON.stringify(times)}`);
  },
  release() {
    ensureInstalled();
    // Builds a remote and publishes it through the API as a release (scripts/release.mjs).
    run(process.execPath, [path.join(root, 'scripts/release.mjs'), ...process.argv.slice(3)]);
  },
  outpost() {
    // Operator commands (`pnpm outpost import sourcebans --from mysql://...`), run from source.
    ensureInstalled();
    const child = spawn(bin('tsx'), [path.join(root, 'api/src/cli/main.ts'), ...process.argv.slice(3)], {
      cwd: root,
      stdio: 'inherit',
    });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code) => process.exit(code ?? 1));
  },
  bench() {
    ensureInstalled();
    if (appDirs().some((dir) => !isBuilt(dir))) buildApps(appDirs());
    if (!apiIsBuilt()) buildApi();
    run(bin('tsx'), [path.join(root, 'bench/run.ts'), ...process.argv.slice(3)]);
  },
};

const name = process.argv[2];
if (!commands[name]) {
  console.error(`usage: node scripts/outpost.mjs <${Object.keys(commands).join('|')}>`);
  process.exit(2);
}
commands[name]();
