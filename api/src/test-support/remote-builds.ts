import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTRACT_VERSION } from '@outpost/contracts';

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
    },
  };
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
