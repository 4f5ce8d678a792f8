// The permission check without the full glob matcher, so a browser can load picomatch only
// when a session holds a pattern that needs it (a signed-out `/` never does): see
// @outpost/host can.ts. permissions.ts binds it to picomatch for the API.
import type picomatchType from 'picomatch';
import { globMatches } from './permission-globs';

/** Longer patterns are refused outright (the matcher's own safety limit). */
export const MAX_PERMISSION_PATTERN_LENGTH = 65536;

/** The matcher for one pattern outside the modelled dialect, or null (matches nothing). */
export type PatternMatcher = (pattern: string) => ((code: string) => boolean) | null;

/** Patterns outside the dialect match nothing: the safe answer until the full matcher is there. */
export const matchNothingOutsideDialect: PatternMatcher = () => null;

/** The full matcher for patterns outside the dialect, with picomatch's options for permission codes (cached). */
export function createPicomatchMatcher(picomatch: typeof picomatchType): PatternMatcher {
  const matchers = new Map<string, (value: string) => boolean>();
  return (pattern) => {
    if (pattern.length > MAX_PERMISSION_PATTERN_LENGTH) return null;
    let matcher = matchers.get(pattern);
    if (!matcher) {
      try {
        // Permission codes are dotted (servers.action.restart): '.' is a plain character
        // and '*' must not stop at it, so match as if codes were single path segments.
        matcher = picomatch(pattern, { dot: true, nobrace: false, noextglob: true });
      } catch {
        return null;
      }
      if (matchers.size > 1000) matchers.clear();
      matchers.set(pattern, matcher);
    }
    return matcher;
  };
}

/**
 * SPEC 5: a permission check passes when any of the user's glob patterns matches it. A
 * pattern in the modelled dialect (permission-globs.ts) is matched by its automaton, the
 * same one the grant rule reasons on; any other by `outsideDialect` (picomatch's meaning).
 */
export function matchesAnyPattern(
  patterns: readonly string[],
  permission: string,
  outsideDialect: PatternMatcher,
): boolean {
  return patterns.some((pattern) => {
    if (pattern.length > MAX_PERMISSION_PATTERN_LENGTH) return false;
    return globMatches(pattern, permission) ?? outsideDialect(pattern)?.(permission) ?? false;
  });
}

/** Whether any of the patterns is outside the modelled dialect, i.e. needs the full matcher to be answered. */
export function needsFullMatcher(patterns: readonly string[]): boolean {
  return patterns.some(
    (pattern) => pattern.length <= MAX_PERMISSION_PATTERN_LENGTH && globMatches(pattern, '') === null,
  );
}
