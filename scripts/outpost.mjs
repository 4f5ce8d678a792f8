#!/usr/bin/env node
// The root commands (npm/pnpm start, demo, dev, build, test, bench). They work on a
// fresh machine with only Node: dependencies are installed first when missing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
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

function serve(extraEnv = {}) {
  const child = spawn(bin('tsx'), [path.join(root, 'api/src/server.ts')], {
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
    serve();
  },
  demo() {
    console.log(
      'pnpm demo: not yet. The demo (seeded data, simulated game servers, a development sign-in) lands with a later issue; use pnpm start.',
    );
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
  },
  test() {
    ensureInstalled();
    const times = {};
    times.typecheck = run(bin('tsc'), ['-b']);
    times.lint = pnpm(['run', 'lint']);
    times.unit = run(bin('vitest'), ['run']);
    const buildStarted = Date.now();
    buildApps(appDirs());
    times.build = Number(((Date.now() - buildStarted) / 1000).toFixed(1));
    times.e2e = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']);
    log(`all green. seconds: ${JSON.stringify(times)}`);
  },
  bench() {
    ensureInstalled();
    if (appDirs().some((dir) => !isBuilt(dir))) buildApps(appDirs());
    run(bin('tsx'), [path.join(root, 'bench/run.ts'), ...process.argv.slice(3)]);
  },
};

const name = process.argv[2];
if (!commands[name]) {
  console.error(`usage: node scripts/outpost.mjs <${Object.keys(commands).join('|')}>`);
  process.exit(2);
}
commands[name]();
