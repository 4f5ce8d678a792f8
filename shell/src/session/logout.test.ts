import { useSessionStore } from '@outpost/host';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, provideTestHost, signedInData } from '../test-support/fake-api';
import { useToastStore } from '../toasts/toast-store';
import { logout, stopImpersonating } from './logout';

let host: ReturnType<typeof provideTestHost>;
beforeEach(() => {
  host = provideTestHost();
  useSessionStore.getState().setSession(signedInData);
  useToastStore.setState({ items: [] });
});
afterEach(() => vi.unstubAllGlobals());

const lastToast = () => useToastStore.getState().items.at(-1);

describe('logout (SPEC 8)', () => {
  it('says so, signs out, and leaves an auth-required route for /', async () => {
    installFakeApi({ 'GET /api/auth/logout': { body: { ok: true } } });
    // The route table says /admin needs a signed-in user.
    window.history.pushState({}, '', '/admin');
    await logout();
    expect(lastToast()).toMatchObject({ type: 'success', text: 'You have been logged out successfully' });
    expect(useSessionStore.getState().session).toBeNull();
    expect(host.navigate).toHaveBeenCalledWith('/');
  });

  it('on 401 says already logged out and signs out locally, staying on a public route', async () => {
    installFakeApi({ 'GET /api/auth/logout': { status: 401, body: { error: 'UNAUTHORIZED', message: 'x' } } });
    window.history.pushState({}, '', '/search');
    await logout();
    expect(lastToast()).toMatchObject({ type: 'error', text: 'You were already logged out' });
    expect(useSessionStore.getState().session).toBeNull();
    expect(host.navigate).not.toHaveBeenCalled();
  });

  it("otherwise shows 'Logout Failed' with the server's message and stays signed in", async () => {
    installFakeApi({ 'GET /api/auth/logout': { status: 500, body: { error: 'INTERNAL', message: 'Try later' } } });
    await logout();
    expect(lastToast()).toMatchObject({ type: 'error', title: 'Logout Failed', text: 'Try later' });
    expect(useSessionStore.getState().session).not.toBeNull();
  });
});

describe('logout on a network failure', () => {
  it("shows 'Logout Failed' with the exception's message and stays signed in", async () => {
    installFakeApi({ 'GET /api/auth/logout': new TypeError('Failed to fetch') });
    await logout();
    expect(lastToast()).toMatchObject({ type: 'error', title: 'Logout Failed', text: 'Failed to fetch' });
    expect(useSessionStore.getState().session).not.toBeNull();
  });
});

describe('stopImpersonating (SPEC 8)', () => {
  it("restores the admin's own user and says 'Stoped impersonating'", async () => {
    useSessionStore.getState().setSession({ ...signedInData, impersonatingId: 'admin-1' });
    const admin = { name: 'Admin', accountid: '76561198000000009', id: 'admin-1', avatarhash: null };
    const api = installFakeApi({
      'POST /api/admins/impersonate/': {
        body: { user: admin, permissions: { codes: ['*'], flags: 'z', immunityLevel: 100, base: null } },
      },
      'GET /api/auth/profile': { status: 500, body: { error: 'X', message: 'later' } },
    });
    expect(await stopImpersonating()).toBe(true);
    const session = useSessionStore.getState().session;
    expect(session?.name).toBe('Admin');
    expect(session?.impersonatingId).toBeNull();
    expect(useToastStore.getState().items.some((t) => t.text === 'Stoped impersonating')).toBe(true);
    expect(api.paths()).toContain('POST /api/admins/impersonate/');
  });

  it("reports 'Impersonation Failed' with the server's message", async () => {
    installFakeApi({
      'POST /api/admins/impersonate/': {
        status: 400,
        body: { error: 'NOT_IMPERSONATING', message: 'You are not impersonating anyone' },
      },
    });
    expect(await stopImpersonating()).toBe(false);
    expect(lastToast()).toMatchObject({ title: 'Impersonation Failed', text: 'You are not impersonating anyone' });
  });
});
