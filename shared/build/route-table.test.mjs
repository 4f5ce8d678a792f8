import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRouteTable } from './index.mjs';

const dirs = [];
/** A remote folder holding only src/manifest.ts with the given body. */
function remoteWith(manifestSource) {
  const dir = mkdtempSync(path.join(tmpdir(), 'outpost-route-table-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'package.json'), '{"type": "module"}');
  writeFileSync(path.join(dir, 'src/manifest.ts'), manifestSource);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// Each case starts a node process with tsx: seconds on a loaded machine.
describe("a remote's build emits its route table from src/manifest.ts", { timeout: 30_000 }, () => {
  it('keeps every field but the page loaders', () => {
    const dir = remoteWith(`
      const load = (): Promise<{ default: unknown }> => import('./never-loaded-at-build-time');
      export default {
        id: 'demo',
        contractVersion: '1.0.0',
        routes: [
          { path: '/demo', title: 'Demo', nav: true, topLevel: true, icon: 'book', load },
          { path: '/demo/out', title: 'Out', external: true, redirect: 'https://example.org' },
        ],
      };`);
    expect(JSON.parse(readRouteTable(dir, 'demo'))).toEqual({
      id: 'demo',
      contractVersion: '1.0.0',
      routes: [
        { path: '/demo', title: 'Demo', nav: true, topLevel: true, icon: 'book' },
        { path: '/demo/out', title: 'Out', external: true, redirect: 'https://example.org' },
      ],
    });
  });

  it.each([
    [
      'a route breaks the schema',
      `{ id: 'demo', contractVersion: '1.0.0', routes: [{ path: 'demo', title: 'Demo' }] }`,
      /invalid at routes\.0\.path/,
    ],
    [
      'an unknown icon',
      `{ id: 'demo', contractVersion: '1.0.0', routes: [{ path: '/demo', title: 'D', icon: 'rocket' }] }`,
      /routes\.0\.icon/,
    ],
    ['another id', `{ id: 'other', contractVersion: '1.0.0', routes: [] }`, /says id "other"/],
    [
      'an incompatible contract',
      `{ id: 'demo', contractVersion: '9.0.0', routes: [] }`,
      /built against contract 9\.0\.0/,
    ],
  ])('fails the build when %s', (_label, manifest, reason) => {
    const dir = remoteWith(`export default ${manifest};`);
    expect(() => readRouteTable(dir, 'demo')).toThrow(reason);
  });
});
