import { useSessionStore } from '@outpost/host';

/** Signs the test in through the real session store the shell writes. */
export function signIn(codes: string[], flags = '') {
  useSessionStore.getState().setSession({
    user: { name: 'Staff', steamid: '76561190000000001', avatarhash: null },
    permissions: { codes, flags, immunityLevel: 0, base: null },
    impersonatingId: null,
  });
}

export function signOut() {
  useSessionStore.getState().setSession(null);
}
