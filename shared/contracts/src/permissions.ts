// The file itself: picomatch has no exports map, and strict ESM loaders (Playwright's) need the extension.
import picomatch from 'picomatch/posix.js';
import { globMatches } from './permission-globs';

/** Longer patterns are refused outright (the matcher's own safety limit). */
export const MAX_PERMISSION_PATTERN_LENGTH = 65536;

const matchers = new Map<string, (value: string) => boolean>();

function matcherFor(pattern: string): ((value: string) => boolean) | null {
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
}

/**
 * SPEC 5: a permission check passes when any of the user's glob patterns matches it. A
 * pattern in the modelled dialect (permission-globs.ts) is matched by its automaton, the
 * same one the grant rule reasons on; any other keeps picomatch's meaning.
 */
export function hasPermission(patterns: readonly string[], permission: string): boolean {
  return patterns.some((pattern) => {
    if (pattern.length > MAX_PERMISSION_PATTERN_LENGTH) return false;
    return globMatches(pattern, permission) ?? matcherFor(pattern)?.(permission) ?? false;
  });
}

/** SPEC 5: 'z' (superuser) passes every flag check unless strict; otherwise the flag itself must be held. */
export function hasFlag(flags: string, flag: string, strict = false): boolean {
  return (!strict && flags.includes('z')) || flags.includes(flag);
}

/** SPEC 5: two ids are equal when their text beyond the first 10 characters is equal. */
export function idsEqual(a: string, b: string): boolean {
  return a.slice(10) === b.slice(10);
}
