import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areaOf, findViolations, targetArea, violation } from './check-boundaries.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = (relative) => path.join(root, relative);

describe('import boundaries (DESIGN rule 2)', () => {
  it('knows which area a file is in', () => {
    expect(areaOf(file('remotes/docs/src/manifest.ts'))).toBe('remote:docs');
    expect(areaOf(file('shell/src/app.tsx'))).toBe('shell');
    expect(areaOf(file('shared/host/src/index.ts'))).toBe('shared');
  });

  it('resolves relative paths and workspace names to areas', () => {
    const from = file('remotes/docs/src/pages/x.tsx');
    expect(targetArea(from, '../../../servers/src/manifest')).toBe('remote:servers');
    expect(targetArea(from, '../../../../shell/src/app')).toBe('shell');
    expect(targetArea(from, '@outpost/remote-panel')).toBe('remote:panel');
    expect(targetArea(from, '@outpost/host')).toBeNull();
    expect(targetArea(from, './local')).toBe('remote:docs');
  });

  it('refuses remote->remote, remote->shell/api, shell->remote and shared->app', () => {
    expect(violation('remote:docs', 'remote:servers')).toMatch(/another remote/);
    expect(violation('remote:docs', 'shell')).toMatch(/the shell/);
    expect(violation('remote:docs', 'api')).toMatch(/the api/);
    expect(violation('shell', 'remote:docs')).toMatch(/shell imports a remote/);
    expect(violation('shared', 'shell')).toMatch(/shared/);
    expect(violation('remote:docs', 'remote:docs')).toBeNull();
    expect(violation('shell', null)).toBeNull();
  });

  it('finds no violation in the repository', () => {
    expect(findViolations()).toEqual([]);
  });
});
