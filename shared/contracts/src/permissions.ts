// The file itself: picomatch has no exports map, and strict ESM loaders (Playwright's) need the extension.
import picomatch from 'picomatch/posix.js';
import { createPicomatchMatcher, matchesAnyPattern } from './permission-match';

const picomatchMatcher = createPicomatchMatcher(picomatch);

/**
 * SPEC 5: a permission check passes when any of the user's glob patterns matches it. A
 * pattern in the modelled dialect (permission-globs.ts) is matched by its automaton, the
 * same one the grant rule reasons on; any other keeps picomatch's meaning.
 */
export function hasPermission(patterns: readonly string[], permission: string): boolean {
  return matchesAnyPattern(patterns, permission, picomatchMatcher);
}

/** SPEC 5: 'z' (superuser) passes every flag check unless strict; otherwise the flag itself must be held. */
export function hasFlag(flags: string, flag: string, strict = false): boolean {
  return (!strict && flags.includes('z')) || flags.includes(flag);
}

/** SPEC 5: two ids are equal when their text beyond the first 10 characters is equal. */
export function idsEqual(a: string, b: string): boolean {
  return a.slice(10) === b.slice(10);
}
