import type { RegistryEntry } from '@outpost/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../test-support/fake-api';
import { releaseLoaded, reloadIfReleaseChanged, reportRemote } from './release-health';

const OLD: RegistryEntry = {
  name: 'docs',
  entry: '/remotes/docs/0.1.0+aaaaaaaaaaaa/mf-manifest.json',
  version: '0.1.0+aaaaaaaaaaaa',
};
const NEW = { ...OLD, entry: '/remotes/docs/0.1.0+bbbbbbbbbbbb/mf-manifest.json', version: '0.1.0+bbbbbbbbbbbb' };

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('a tab older than a publish', () => {
  it('reloads once when the registry names another release, then never again until a load succeeds', async () => {
    installFakeApi({ 'GET /remotes.json': { body: [NEW] } });
    const reload = vi.fn();
    expect(await reloadIfReleaseChanged(OLD, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // After the reload the new release fails too: no second reload (no loop).
    expect(await reloadIfReleaseChanged(OLD, reload)).toBe(false);
    expect(await reloadIfReleaseChanged(NEW, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // Once a load of the remote works, a later publish may reload the tab once more.
    releaseLoaded('docs');
    expect(await reloadIfReleaseChanged(OLD, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload when the release is unchanged (a real failure) or the registry is unreachable', async () => {
    const reload = vi.fn();
    installFakeApi({ 'GET /remotes.json': { body: [OLD] } });
    expect(await reloadIfReleaseChanged(OLD, reload)).toBe(false);
    installFakeApi({ 'GET /remotes.json': { status: 503, body: { error: 'DOWN', message: 'down' } } });
    expect(await reloadIfReleaseChanged(OLD, reload)).toBe(false);
    installFakeApi({ 'GET /remotes.json': { body: [] } });
    expect(await reloadIfReleaseChanged(OLD, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('release reports', () => {
  it('sends a release load, failure or render error, and nothing for a bootstrap build', async () => {
    const api = installFakeApi({ 'POST /api/remotes/beacon': { status: 204 } });
    reportRemote(NEW, 'render-error', 'x'.repeat(900));
    reportRemote({ name: 'panel', entry: '/remotes/panel/mf-manifest.json' }, 'load');
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toEqual({
      remote: 'docs',
      version: NEW.version,
      event: 'render-error',
      message: 'x'.repeat(500),
    });
  });
});
