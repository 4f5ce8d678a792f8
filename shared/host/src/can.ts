import {
  createPicomatchMatcher,
  matchesAnyPattern,
  matchNothingOutsideDialect,
  needsFullMatcher,
  type PatternMatcher,
} from '@outpost/contracts';
import type { SessionPermissions } from './session';

/** Anything that carries the user's permissions: a Session, or the profile answer's data. */
export interface HasPermissions {
  permissions: Pick<SessionPermissions, 'codes' | 'flags'>;
}

// Patterns in the modelled dialect (nearly all: 'servers.*', 'bans.{create,edit}') are
// matched without picomatch. Any other needs it, and it is loaded only then (a signed-out
// visitor on `/` never needs it: ~7 KB off the first load). Until it has arrived such a
// pattern matches nothing: the check denies, never allows. The session store re-issues the
// session once it is there, so what reads the session re-renders with the full answer.
let outsideDialect: PatternMatcher = matchNothingOutsideDialect;
let loading: Promise<void> | null = null;

/** Whether patterns outside the dialect are answered yet (see loadFullPermissionMatcher). */
export function fullPermissionMatcherReady(): boolean {
  return outsideDialect !== matchNothingOutsideDialect;
}

/** Loads picomatch for patterns outside the dialect (once; a failed load may be retried). */
export function loadFullPermissionMatcher(): Promise<void> {
  loading ??= import('picomatch/posix.js').then(
    (module) => {
      outsideDialect = createPicomatchMatcher(module.default);
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Whether these patterns need the full matcher and it is not there yet. */
export function waitsForFullMatcher(codes: readonly string[]): boolean {
  return !fullPermissionMatcherReady() && needsFullMatcher(codes);
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
  if (flags.includes('z')) return true;
  if (matchesAnyPattern(codes, code, outsideDialect)) return true;
  if (waitsForFullMatcher(codes)) void loadFullPermissionMatcher().catch(() => undefined);
  return false;
}
