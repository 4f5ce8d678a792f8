import { profileResponseSchema } from '@outpost/contracts';
import { useSessionStore } from '@outpost/host';

/** Asks the API who is signed in and puts the answer into the shared session store. */
export async function loadProfile(): Promise<'signed-in' | 'signed-out' | 'failed'> {
  try {
    const response = await fetch('/api/auth/profile', { credentials: 'include' });
    if (response.status === 401 || response.status === 403) {
      useSessionStore.getState().setSession(null);
      return 'signed-out';
    }
    if (!response.ok) return 'failed';
    const profile = profileResponseSchema.parse(await response.json());
    useSessionStore.getState().setSession({
      user: { name: profile.user.name, steamid: profile.user.accountid, avatarhash: profile.user.avatarhash },
      permissions: profile.permissions,
      impersonatingId: profile.impersonatingId,
    });
    return 'signed-in';
  } catch {
    return 'failed';
  }
}
