import { can } from './can';
import { useSessionStore } from './session-store';

/** `can` for the signed-in session, re-rendering when the session changes. */
export function useCan(code: string): boolean {
  return useSessionStore((state) => can(state.session, code));
}

/** Whether anyone is signed in. */
export function useSignedIn(): boolean {
  return useSessionStore((state) => state.session !== null);
}
