import { hasPermission } from '@outpost/contracts';
import type { SessionPermissions } from './session';

/** Anything that carries the user's permissions: a Session, or the profile answer's data. */
export interface HasPermissions {
  permissions: Pick<SessionPermissions, 'codes' | 'flags'>;
}

/**
 * SPEC 5, the one client-side permission check: the SourceMod flag 'z' (superuser) passes
 * every check; otherwise one of the user's glob patterns must match the code (patterns longer
 * than 65,536 characters never match, see hasPermission). Signed out (null) may do nothing.
 * The client only hides what the user may not do; the API refuses it anyway.
 */
export function can(session: HasPermissions | null | undefined, code: string): boolean {
  if (!session) return false;
  const { codes, flags } = session.permissions;
  return flags.includes('z') || hasPermission(codes, code);
}
