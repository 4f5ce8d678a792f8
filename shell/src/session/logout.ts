import { impersonationResponseSchema } from '@outpost/contracts/browser';
import { getHost, useSessionStore } from '@outpost/host';
import { pathRequiresAuth } from '../routing/use-owned-routes';
import { loadProfile } from './load-profile';

/** SPEC 8 logout: ok, 401 (already logged out, still signed out here), or 'Logout Failed'. */
export async function logout(): Promise<void> {
  const host = getHost();
  let response: Response | null;
  try {
    response = await host.apiFetch('/api/auth/logout', { quiet: true, throwOnNetworkError: true });
  } catch (error) {
    // SPEC 7/8: a network failure shows the exception's own message.
    host.notify({
      level: 'error',
      title: 'Logout Failed',
      message: error instanceof Error ? error.message : String(error),
    });
    return;
  }
  if (!response) return;
  if (response.ok) {
    host.notify({ level: 'success', message: 'You have been logged out successfully' });
  } else if (response.status === 401) {
    host.notify({ level: 'error', message: 'You were already logged out' });
  } else {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : `${response.status} ${response.statusText}`;
    host.notify({ level: 'error', title: 'Logout Failed', message });
    return;
  }
  useSessionStore.getState().setSession(null);
  // SPEC 2: after logout on an auth-required route the user lands on /.
  if (pathRequiresAuth(window.location.pathname)) host.navigate('/');
}

/** SPEC 7/8: POST /api/admins/impersonate/ stops impersonating; the answer is the admin's own user. */
export async function stopImpersonating(): Promise<boolean> {
  const host = getHost();
  const response = await host.apiFetch('/api/admins/impersonate/', { method: 'POST', quiet: true });
  const body = response ? await response.json().catch(() => null) : null;
  const parsed = response?.ok ? impersonationResponseSchema.safeParse(body) : null;
  if (!parsed?.success) {
    const message =
      typeof (body as { message?: unknown } | null)?.message === 'string'
        ? (body as { message: string }).message
        : response
          ? `${response.status} ${response.statusText}`
          : 'The server could not be reached';
    host.notify({ level: 'error', title: 'Impersonation Failed', message });
    return false;
  }
  const current = useSessionStore.getState().session;
  const { user, permissions } = parsed.data;
  useSessionStore.getState().setSession({
    ...(current ?? {}),
    user: { id: user.id, name: user.name, steamid: user.accountid, avatarhash: user.avatarhash },
    permissions,
    impersonatingId: null,
  });
  host.notify({ level: 'success', message: 'Stoped impersonating' });
  // Notifications and providers were the impersonated user's: fetch the admin's own.
  void loadProfile();
  return true;
}
