import { useSessionStore } from '@outpost/host';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChromeStore } from '../routing/chrome-store';
import { installFakeApi, provideTestHost } from '../test-support/fake-api';
import { useToastStore } from '../toasts/toast-store';
import { AUTH_ERROR_TOAST_MS, loadProfile, requestProfileEarly, settleEarlyProfile } from './load-profile';
import { STARTUP, useStartupStore } from './startup-store';

const profile = {
  user: { name: 'Zoey', accountid: '76561198000000001', id: 'u1', avatarhash: null },
  permissions: { codes: ['panel.view'], flags: 'z', immunityLevel: 100, base: null },
  notifications: [{ id: '3', timestamp: 1, level: 1, message: 'hi' }],
  impersonatingId: null,
  profile: { birthMonth: 4, birthDate: 2, locale: null },
  openDiscussions: 2,
  providers: {},
};

let host: ReturnType<typeof provideTestHost>;
beforeEach(() => {
  host = provideTestHost();
  useSessionStore.getState().setSession(null);
  useStartupStore.getState().setState(STARTUP.none);
  useToastStore.setState({ items: [] });
});
afterEach(() => vi.unstubAllGlobals());

const onRoute = (authRequired: boolean) => useChromeStore.getState().setRoute({ hideNav: false, authRequired });

describe('loadProfile: SPEC 4 startup transitions', () => {
  it('is waiting (1) while the call is out, then show (3) with the user set on 200', async () => {
    installFakeApi({ 'GET /api/auth/profile': { body: profile } });
    const pending = loadProfile();
    expect(useStartupStore.getState().state).toBe(STARTUP.waitingForAuth);
    expect(await pending).toBe('signed-in');
    expect(useStartupStore.getState().state).toBe(STARTUP.show);
    const session = useSessionStore.getState().session;
    expect(session?.name).toBe('Zoey');
    expect(session?.hasPermission('panel.view')).toBe(true);
    expect(session?.notifications).toHaveLength(1);
    expect(session?.profile.birthMonth).toBe(4);
  });

  it.each([401, 403])('on %i signs out: needs-auth (2) on an auth route, show (3) elsewhere', async (status) => {
    installFakeApi({ 'GET /api/auth/profile': { status, body: { error: 'UNAUTHORIZED', message: 'no' } } });
    onRoute(true);
    expect(await loadProfile()).toBe('signed-out');
    expect(useStartupStore.getState().state).toBe(STARTUP.needsAuth);
    onRoute(false);
    await loadProfile();
    expect(useStartupStore.getState().state).toBe(STARTUP.show);
    expect(useSessionStore.getState().session).toBeNull();
    expect(useToastStore.getState().items).toHaveLength(0);
  });

  it('on another failure toasts for 10 s and, on an auth route, goes to /error with return, error and code', async () => {
    installFakeApi({ 'GET /api/auth/profile': { status: 500, body: { error: 'INTERNAL', message: 'Database down' } } });
    onRoute(true);
    window.history.replaceState(null, '', '/admin/players?x=1');
    expect(await loadProfile()).toBe('failed');
    expect(useStartupStore.getState().state).toBe(STARTUP.show);
    const [toast] = useToastStore.getState().items;
    expect(toast?.text).toBe('Could not authenticate with server: Database down');
    expect(toast?.type).toBe('error');
    expect(toast?.length).toBe(AUTH_ERROR_TOAST_MS);
    expect(host.navigate).toHaveBeenCalledWith(
      '/error?return=%2Fadmin%2Fplayers%3Fx%3D1&error=Database+down&code=500',
      {
        replace: true,
      },
    );
  });

  it('does not redirect on a public route, and reports network failures', async () => {
    installFakeApi({ 'GET /api/auth/profile': new TypeError('Failed to fetch') });
    onRoute(false);
    await loadProfile();
    expect(useToastStore.getState().items[0]?.text).toBe('Could not authenticate with server: Failed to fetch');
    expect(host.navigate).not.toHaveBeenCalled();
  });
});

describe('the early profile request (before the first render)', () => {
  it('settles a signed-in answer before the first render, and loadProfile takes it without asking again', async () => {
    const api = installFakeApi({ 'GET /api/auth/profile': { body: profile } });
    const early = requestProfileEarly();
    expect(useStartupStore.getState().state).toBe(STARTUP.waitingForAuth);
    settleEarlyProfile(await early);
    expect(useStartupStore.getState().state).toBe(STARTUP.show);
    expect(useSessionStore.getState().session?.name).toBe('Zoey');
    expect(await loadProfile()).toBe('signed-in');
    expect(api.paths()).toEqual(['GET /api/auth/profile']);
    // A later call (after logout) asks again.
    await loadProfile();
    expect(api.paths()).toHaveLength(2);
  });

  it('settles signed-out as needs-auth on a route that needs a session', async () => {
    installFakeApi({ 'GET /api/auth/profile': { status: 401, body: { error: 'UNAUTHORIZED', message: 'no' } } });
    onRoute(true);
    settleEarlyProfile(await requestProfileEarly());
    expect(useStartupStore.getState().state).toBe(STARTUP.needsAuth);
    expect(await loadProfile()).toBe('signed-out');
    expect(useStartupStore.getState().state).toBe(STARTUP.needsAuth);
  });

  it('leaves a failure to loadProfile, which toasts and redirects once the router is up', async () => {
    installFakeApi({ 'GET /api/auth/profile': { status: 500, body: { error: 'INTERNAL', message: 'Database down' } } });
    onRoute(true);
    settleEarlyProfile(await requestProfileEarly());
    expect(useStartupStore.getState().state).toBe(STARTUP.waitingForAuth);
    expect(useToastStore.getState().items).toHaveLength(0);
    expect(host.navigate).not.toHaveBeenCalled();
    expect(await loadProfile()).toBe('failed');
    expect(useToastStore.getState().items[0]?.text).toBe('Could not authenticate with server: Database down');
    expect(host.navigate).toHaveBeenCalledTimes(1);
  });
});
