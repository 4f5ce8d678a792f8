import type { Notification, Provider } from '@outpost/contracts';
import { create } from 'zustand';
import { loadFullPermissionMatcher, waitsForFullMatcher } from './can';
import { createSession, SESSION_STORAGE_KEY, type Session, type SessionData, sessionData } from './session';

export interface SessionState {
  session: Session | null;
  /** Replaces the session (null signs out) and mirrors it in sessionStorage; throws on an invalid one. */
  setSession(data: SessionData | null): void;
  /** False when signed out. */
  hasPermission(permission: string): boolean;
  /** Appends notifications from the stream, skipping ones already held (a resumed stream may repeat). */
  appendNotifications(notifications: Notification[]): void;
  clearNotifications(): void;
  setProviders(providers: Record<string, Provider>): void;
}

function save(session: Session | null): void {
  try {
    if (session) sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(sessionData(session)));
    else sessionStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage full or blocked: the session still works for this page.
  }
}

/** The session saved by this tab earlier, shown at once while the profile call refreshes it. */
export function readStoredSession(): Session | null {
  try {
    const text = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(SESSION_STORAGE_KEY);
    return text ? createSession(JSON.parse(text) as SessionData) : null;
  } catch {
    return null;
  }
}

/** The signed-in session, owned by the shell and read by every remote (a Module Federation singleton). */
export const useSessionStore = create<SessionState>()((set, get) => {
  // A session holding a pattern outside the glob dialect is answered (deny) before the full
  // matcher has loaded: load it, then issue the same session again so every selector
  // (useCan, the navbar, route guards) reads the full answer.
  const completeMatcher = (session: Session | null) => {
    if (!session || !waitsForFullMatcher(session.permissions.codes)) return;
    loadFullPermissionMatcher().then(
      () => {
        if (get().session === session) set({ session: createSession(sessionData(session)) });
      },
      () => undefined,
    );
  };
  const change = (patch: Partial<SessionData>) => {
    const current = get().session;
    if (!current) return;
    const session = createSession({ ...sessionData(current), ...patch });
    save(session);
    set({ session });
    completeMatcher(session);
  };
  const stored = readStoredSession();
  completeMatcher(stored);
  return {
    session: stored,
    setSession(data) {
      const session = data ? createSession(data) : null;
      save(session);
      set({ session });
      completeMatcher(session);
    },
    hasPermission: (permission) => get().session?.hasPermission(permission) ?? false,
    appendNotifications(incoming) {
      const held = get().session?.notifications ?? [];
      const known = new Set(held.map((notification) => notification.id));
      const fresh = incoming.filter((notification) => !known.has(notification.id));
      if (fresh.length > 0) change({ notifications: [...held, ...fresh] });
    },
    clearNotifications: () => change({ notifications: [] }),
    setProviders: (providers) => change({ providers }),
  };
});
