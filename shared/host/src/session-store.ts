import { create } from 'zustand';

export interface SessionUser {
  name: string;
  steamid: string;
  avatarhash: string | null;
}

export interface SessionPermissions {
  /** Glob permission patterns. */
  codes: string[];
  /** SourceMod flag letters; may be empty. */
  flags: string;
  immunityLevel: number;
  base: string | null;
}

export interface Session {
  user: SessionUser;
  permissions: SessionPermissions;
  impersonatingId: string | null;
}

export interface SessionState {
  session: Session | null;
  setSession(session: Session | null): void;
}

/** The signed-in session, owned by the shell and read by every remote. */
export const useSessionStore = create<SessionState>()((set) => ({
  session: null,
  setSession: (session) => set({ session }),
}));
