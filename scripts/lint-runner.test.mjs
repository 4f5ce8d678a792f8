import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesUnder, remoteSourceFolders } from './lint-runner.mjs';

const base = mkdtempSync(path.join(tmpdir(), 'outpost-lint-runner-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
for (const file of [
  'remotes/a/src/page.tsx',
  'remotes/a/src/page.test.tsx',
  'remotes/a/src/node_modules/dep/index.tsx',
  'remotes/a/src/dist/built.tsx',
  'remotes/b/README.md',
  'shell/src/nested/app.tsx',
]) {
  mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
  writeFileSync(path.join(base, file), '');
}
writeFileSync(path.join(base, 'remotes/not-a-folder'), '');

describe("the lint checks' file selection", () => {
  it('lists only the remotes that have a src folder', () => {
    expect(remoteSourceFolders(base)).toEqual(['remotes/a/src']);
  });

  it('walks below each folder, skipping node_modules and dist, and keeps what the filter accepts, sorted', () => {
    expect(filesUnder(['shell/src', 'remotes/a/src'], (file) => !file.includes('.test.'), base)).toEqual([
      'remotes/a/src/page.tsx',
      'shell/src/nested/app.tsx',
    ]);
  });
});
