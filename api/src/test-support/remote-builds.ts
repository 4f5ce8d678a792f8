import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTRACT_VERSION } from '@outpost/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

/** What the shell's and a remote's mf-manifest.json list as shared (as Module Federation writes it). */
export const SHELL_SHARED = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.0', singleton: true },
  { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.0', singleton: true },
  { name: 'react-router', version: '7.18.5', requiredVersion: '^7.18.0', singleton: true },
  { name: 'zustand', version: '5.1.0', requiredVersion: '^5.1.0', singleton: true },
];

export interface FakeBuild {
  /** dist-relative path -> content. */
  files: Record<string, string | Buffer>;
}

/** A remote build as rsbuild writes it (route table, MF manifest, an entry and a chunk). */
export function remoteBuild(
  id: string,
  options: {
    title?: string;
    packageVersion?: string;
    contractVersion?: string;
    shared?: typeof SHELL_SHARED;
    routeTable?: unknown;
    /** catalog-completeness.json's content; none written when absent. */
    catalogs?: unknown;
  } = {},
): FakeBuild {
  const routeTable = options.routeTable ?? {
    id,
    contractVersion: options.contractVersion ?? CONTRACT_VERSION,
    routes: [{ path: `/${id}`, title: options.title ?? 'Docs', nav: true, topLevel: true }],
  };
  const manifest = {
    id,
    name: id.replaceAll('-', '_'),
    metaData: { buildInfo: { buildVersion: options.packageVersion ?? '0.1.0', buildName: `@outpost/remote-${id}` } },
    shared: options.shared ?? SHELL_SHARED,
    remotes: [],
    exposes: [],
  };
  return {
    files: {
      'route-table.json': JSON.stringify(routeTable),
      'mf-manifest.json': JSON.stringify(manifest),
      [`static/js/${id}.abc123.js`]: `/* ${options.title ?? 'Docs'} */ self.x = 1;`,
      'static/js/async/page.def456.js': `/* page of ${options.title ?? 'Docs'} */`,
      ...(options.catalogs === undefined ? {} : { 'catalog-completeness.json': JSON.stringify(options.catalogs) }),
    },
  };
}

/** POST /api/remotes/:id/releases: publishes the build as `headers` (a remotes.publish holder's). */
export function publishBuild(
  t: TestApp,
  build: FakeBuild,
  headers: Record<string, string>,
  id = 'docs',
): Promise<LightMyRequestResponse> {
  const body = multipartBuild(build);
  return t.app.inject({
    method: 'POST',
    url: `/api/remotes/${id}/releases`,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** POST /api/remotes/:id/activation as `headers`: activates `version` if `expectedActive` is still the active one. */
export function activateRelease(
  t: TestApp,
  headers: Record<string, string>,
  release: { version: string; expectedActive: string | null; id?: string },
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/remotes/${release.id ?? 'docs'}/activation`,
    headers,
    payload: { version: release.version, expectedActive: release.expectedActive },
  });
}

/** The release tests' app settings: this web root and registry, the last 3 releases kept, 5 beacons a minute. */
export function releasesEnv(web: { webRoot: string; registry: string }): Record<string, string> {
  return {
    WEB_ROOT: web.webRoot,
    REMOTES_REGISTRY: web.registry,
    REMOTE_RELEASES_KEEP: '3',
    REMOTE_BEACON_RATE_LIMIT_PER_MINUTE: '5',
  };
}

/** GET /remotes.json as `headers`: the response and its entries. */
export async function servedRegistry(
  t: TestApp,
  headers: Record<string, string> = {},
): Promise<{ response: LightMyRequestResponse; entries: Array<Record<string, any>> }> {
  const response = await t.app.inject({ method: 'GET', url: '/remotes.json', headers });
  return { response, entries: response.json() as Array<Record<string, any>> };
}

/** The release folders stored for a remote under the web root, sorted. */
export function releaseDirsOf(webRoot: string, id = 'docs'): string[] {
  const dir = path.join(webRoot, 'remotes', id);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** A multipart/form-data body with one "files" part per file, for app.inject() and fetch. */
export function multipartBuild(build: FakeBuild, names?: Record<string, string>) {
  const boundary = `----outpost${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, content] of Object.entries(build.files)) {
    const filename = names?.[name] ?? name;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A web root with a built shell (index.html, mf-manifest.json) and a bootstrap registry naming `docs`. */
export function fakeWebRoot(): { webRoot: string; registry: string; remove(): void } {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-webroot-'));
  fs.mkdirSync(path.join(webRoot, 'shell/dist'), { recursive: true });
  fs.writeFileSync(path.join(webRoot, 'shell/dist/index.html'), '<!doctype html><title>Outpost</title>');
  fs.writeFileSync(
    path.join(webRoot, 'shell/dist/mf-manifest.json'),
    JSON.stringify({
      id: 'shell',
      name: 'shell',
      metaData: { buildInfo: { buildVersion: '0.1.0' } },
      shared: SHELL_SHARED,
    }),
  );
  const registry = path.join(webRoot, 'remotes.json');
  fs.writeFileSync(
    registry,
    JSON.stringify([
      { name: 'docs', entry: '/remotes/docs/mf-manifest.json', prefixes: ['/docs'] },
      { name: 'panel', entry: '/remotes/panel/mf-manifest.json', prefixes: ['/panel'] },
    ]),
  );
  return { webRoot, registry, remove: () => fs.rmSync(webRoot, { recursive: true, force: true }) };
}
