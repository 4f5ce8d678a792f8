import { beforeEach, describe, expect, it, vi } from 'vitest';

// can() loads picomatch only for patterns outside the glob dialect (see can.ts). Each test
// gets fresh modules, so the matcher starts unloaded.
beforeEach(() => {
  vi.resetModules();
  sessionStorage.clear();
});

const holder = (codes: string[], flags = '') => ({ permissions: { codes, flags } });
/** Outside the dialect ('(' is reserved); picomatch reads it as a group. */
const GROUP = 'servers.(view|manage)';
const sessionData = (codes: string[]) => ({
  user: { id: 'u1', name: 'Zoey', steamid: '76561198000000001', avatarhash: null },
  permissions: { codes, flags: '', immunityLevel: 10, base: null },
  impersonatingId: null,
});

describe('the full permission matcher, loaded on demand', () => {
  it('is not loaded for signed-out visitors or for patterns in the dialect', async () => {
    const { can, fullPermissionMatcherReady, waitsForFullMatcher } = await import('./can');
    expect(can(null, 'servers.view')).toBe(false);
    expect(can(holder(['servers.*', 'bans.{create,edit}']), 'servers.view')).toBe(true);
    expect(can(holder(['servers.*']), 'bans.unban')).toBe(false);
    expect(waitsForFullMatcher(['servers.*', 'bans.{create,edit}'])).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fullPermissionMatcherReady()).toBe(false);
  });

  it('denies a pattern outside the dialect until the matcher has loaded, then answers as picomatch does', async () => {
    const { can, fullPermissionMatcherReady, loadFullPermissionMatcher, waitsForFullMatcher } = await import('./can');
    expect(waitsForFullMatcher([GROUP])).toBe(true);
    // Deny first (never allow on a guess), and start loading.
    expect(can(holder([GROUP]), 'servers.view')).toBe(false);
    await loadFullPermissionMatcher();
    expect(fullPermissionMatcherReady()).toBe(true);
    expect(waitsForFullMatcher([GROUP])).toBe(false);
    expect(can(holder([GROUP]), 'servers.view')).toBe(true);
    expect(can(holder([GROUP]), 'servers.manage')).toBe(true);
    expect(can(holder([GROUP]), 'servers.ban')).toBe(false);
    // Extglobs stay off (noextglob), as on the API.
    expect(can(holder(['servers.+(view)']), 'servers.view')).toBe(false);
  });

  it('matches what the API answers (hasPermission with picomatch loaded eagerly) once loaded', async () => {
    const { hasPermission } = await import('@outpost/contracts');
    const { can, loadFullPermissionMatcher } = await import('./can');
    await loadFullPermissionMatcher();
    const patterns = [GROUP, 'servers.+(view)', 'bans/*', 'a.(b|c)*', '!(x)', 'servers.*', '[z-a]'];
    const codes = ['servers.view', 'servers.manage', 'bans/x', 'a.b', 'a.cd', 'x', 'y', 'servers.ban'];
    for (const pattern of patterns) {
      for (const code of codes)
        expect(can(holder([pattern]), code), `${pattern} ${code}`).toBe(hasPermission([pattern], code));
    }
  });

  it('the session store issues the session again once the matcher is there, so selectors re-read it', async () => {
    const { useSessionStore } = await import('./session-store');
    useSessionStore.getState().setSession(sessionData([GROUP]));
    const first = useSessionStore.getState().session;
    expect(first?.hasPermission('servers.view')).toBe(false);
    await vi.waitFor(() => expect(useSessionStore.getState().session).not.toBe(first));
    expect(useSessionStore.getState().session?.hasPermission('servers.view')).toBe(true);
    expect(useSessionStore.getState().hasPermission('servers.ban')).toBe(false);
  });

  it('does the same for the session restored from sessionStorage at start', async () => {
    sessionStorage.setItem('server-console:user-data', JSON.stringify(sessionData([GROUP])));
    const { useSessionStore } = await import('./session-store');
    expect(useSessionStore.getState().hasPermission('servers.view')).toBe(false);
    await vi.waitFor(() => expect(useSessionStore.getState().hasPermission('servers.view')).toBe(true));
  });

  it('does not issue a signed-out store again (signing out while the matcher loads)', async () => {
    const { useSessionStore } = await import('./session-store');
    useSessionStore.getState().setSession(sessionData([GROUP]));
    useSessionStore.getState().setSession(null);
    const { loadFullPermissionMatcher } = await import('./can');
    await loadFullPermissionMatcher();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useSessionStore.getState().session).toBeNull();
  });
});
