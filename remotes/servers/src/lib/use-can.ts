import { hasFlag, hasPermission } from '@outpost/contracts';
import { type Session, useSessionStore } from '@outpost/host';

/** SPEC 5: a permission passes by glob match of the user's codes; flag 'z' is the superuser. */
export function sessionCan(session: Session | null, permission: string): boolean {
  if (!session) return false;
  return hasFlag(session.permissions.flags, 'z', true) || hasPermission(session.permissions.codes, permission);
}

/** Hides what the user may not do; the API refuses it anyway. */
export function useCan(permission: string): boolean {
  return useSessionStore((state) => sessionCan(state.session, permission));
}

export function useSignedIn(): boolean {
  return useSessionStore((state) => state.session !== null);
}
