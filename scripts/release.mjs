#!/usr/bin/env node
// pnpm release <remote-id> [--no-build] [--dist <folder>] [--no-activate]
// pnpm release rollback <remote-id> [version]
// pnpm release list
//
// Publishes a remote as an immutable release through the API (the same call a team's own CI
// makes): builds it, uploads its dist/ to POST /api/remotes/<id>/releases, then activates it
// with compare-and-set against the release it saw active. Rollback re-points the remote at an
// earlier release. Users see the change on their next page load; nothing is rebuilt or restarted.
//
// OUTPOST_URL     the Outpost to publish to (default http://localhost:8080)
// OUTPOST_API_KEY an API key (Account > Developer) of a user holding remotes.publish
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = (process.env.OUTPOST_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const apiKey = process.env.OUTPOST_API_KEY ?? '';

function fail(message, code = 1) {
  console.error(`[release] ${message}`);
  process.exit(code);
}

function usage() {
  fail(
    'usage: pnpm release <remote-id> [--no-build] [--dist <folder>] [--no-activate]\n' +
      '       pnpm release rollback <remote-id> [version]\n' +
      '       pnpm release list',
    2,
  );
}

async function call(method, url, body, headers = {}) {
  if (!apiKey) fail('set OUTPOST_API_KEY to an API key of a user holding remotes.publish');
  let response;
  try {
    response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, ...headers },
      body,
    });
  } catch (error) {
    fail(`cannot reach ${baseUrl}: ${error.cause?.message ?? error.message}`);
  }
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, ok: response.ok, json, text };
}

function refused(what, result) {
  const reason = result.json?.message ?? result.text.slice(0, 500);
  const code = result.json?.error ? ` (${result.json.error})` : '';
  fail(`${what} refused, ${result.status}${code}: ${reason}`);
}

async function remoteSummary(id) {
  const result = await call('GET', '/api/remotes');
  if (!result.ok) refused('listing remotes', result);
  return { remote: result.json.remotes.find((remote) => remote.id === id) ?? null, all: result.json };
}

async function activate(id, version, expectedActive) {
  const result = await call('POST', `/api/remotes/${id}/activation`, JSON.stringify({ version, expectedActive }), {
    'content-type': 'application/json',
  });
  if (!result.ok) refused(`activating ${id} ${version}`, result);
  return result.json;
}

function filesOf(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function publish(id, flags) {
  const started = Date.now();
  const remoteDir = path.join(root, 'remotes', id);
  let dist = path.join(remoteDir, 'dist');
  const distAt = flags.indexOf('--dist');
  if (distAt >= 0) {
    if (!flags[distAt + 1]) usage();
    dist = path.resolve(flags[distAt + 1]);
  } else if (!flags.includes('--no-build')) {
    if (!existsSync(path.join(remoteDir, 'package.json'))) fail(`no remote named ${id} in remotes/`, 2);
    console.log(`[release] building remotes/${id}`);
    const build = spawnSync(path.join(remoteDir, 'node_modules/.bin/rsbuild'), ['build'], {
      cwd: remoteDir,
      stdio: 'inherit',
    });
    if (build.status !== 0) fail(`the build of ${id} failed`);
  }
  if (!existsSync(path.join(dist, 'mf-manifest.json'))) fail(`${dist} holds no build (no mf-manifest.json)`);
  const form = new FormData();
  let bytes = 0;
  const files = filesOf(dist);
  for (const name of files) {
    const content = readFileSync(path.join(dist, name));
    bytes += content.length;
    form.append('files', new Blob([content]), name);
  }
  console.log(`[release] uploading ${files.length} files (${(bytes / 1024).toFixed(0)} KB) to ${baseUrl}`);
  const uploaded = await call('POST', `/api/remotes/${id}/releases`, form);
  if (!uploaded.ok) refused(`publishing ${id}`, uploaded);
  const { release, created } = uploaded.json;
  console.log(`[release] ${created ? 'registered' : 'already registered:'} ${id} ${release.version}`);
  if (flags.includes('--no-activate')) return;
  const { remote } = await remoteSummary(id);
  const current = remote?.active?.version ?? null;
  if (current === release.version) {
    console.log(`[release] ${id} already runs ${release.version}`);
    return;
  }
  await activate(id, release.version, current);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `[release] ${id} now runs ${release.version} (was ${current ?? 'the bootstrap build'}), in ${seconds} s: users get it on their next page load`,
  );
}

async function rollback(id, version) {
  if (!id) usage();
  const { remote } = await remoteSummary(id);
  if (!remote?.active) fail(`${id} runs no release: nothing to roll back`);
  const current = remote.active.version;
  let target = version;
  if (!target) {
    // The newest available release published before the active one.
    const at = remote.releases.findIndex((release) => release.version === current);
    target = remote.releases.slice(at + 1).find((release) => release.status === 'available')?.version;
    if (!target) fail(`${id} has no earlier release with its files kept to roll back to`);
  }
  await activate(id, target, current);
  console.log(`[release] rolled ${id} back to ${target} (was ${current}): users get it on their next page load`);
}

async function list() {
  const { all } = await remoteSummary('');
  for (const remote of all.remotes) {
    console.log(`${remote.id}: ${remote.active?.version ?? '(bootstrap build)'}`);
    for (const release of remote.releases) {
      const mark = release.version === remote.active?.version ? '*' : ' ';
      console.log(
        `  ${mark} ${release.version}  ${release.status}  by ${release.publishedBy.name}  ${new Date(release.publishedAt * 1000).toISOString()}`,
      );
    }
  }
}

const [command, ...rest] = process.argv.slice(2);
if (!command) usage();
else if (command === 'rollback') await rollback(rest[0], rest[1]);
else if (command === 'list') await list();
else if (/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(command)) await publish(command, rest);
else usage();
