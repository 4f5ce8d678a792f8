import { hasControlCharacters } from './control-characters';

/**
 * The one same-origin return-path rule (issue 9, item 4), used by the API (Steam and
 * Discord sign-in, link, revoke) and the shell (/error's "Go back"): after sign-in or an
 * error the browser may only be sent to a path on our own origin.
 *
 * Accepted: a path beginning with exactly one '/' followed by neither '/' nor '\', at
 * every layer of percent-decoding, with no control characters (browsers drop tabs and
 * newlines, so '/\t/evil' would become '//evil') and no backslash (browsers read it as
 * '/'); or an absolute URL of exactly `origin`, reduced to its path. The answer is the
 * path as the URL parser normalizes it ('/a/..//evil' would become '//evil'), checked
 * again. Anything else is null: the caller goes to '/'.
 */
export function sameOriginPath(value: string | null | undefined, origin?: string): string | null {
  if (!value || value.length > MAX_RETURN_PATH) return null;
  if (hasControlCharacters(value) || value.includes('\\')) return null;
  let path = value;
  if (!value.startsWith('/')) {
    if (!origin || !/^https?:\/\//i.test(value)) return null;
    let absolute: URL;
    try {
      absolute = new URL(value);
    } catch {
      return null;
    }
    if (absolute.origin !== new URL(origin).origin || absolute.username || absolute.password) return null;
    path = absolute.pathname + absolute.search + absolute.hash;
  }
  if (!isSinglySlashed(path)) return null;
  // Every decoding layer must hold the rule too (%2F%2F, %5C, %09, double encoding).
  let layer = path;
  for (let round = 0; round < 4; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return null;
    }
    if (hasControlCharacters(decoded) || decoded.includes('\\') || !isSinglySlashed(decoded)) return null;
    if (decoded === layer) break;
    layer = decoded;
  }
  const base = 'http://return-path.invalid';
  let normalized: URL;
  try {
    normalized = new URL(path, base);
  } catch {
    return null;
  }
  if (normalized.origin !== base) return null;
  const result = normalized.pathname + normalized.search + normalized.hash;
  return isSinglySlashed(result) ? result : null;
}

/** Longer return paths are refused (the API takes return_uri up to this length). */
export const MAX_RETURN_PATH = 2000;

function isSinglySlashed(path: string): boolean {
  return path.startsWith('/') && path[1] !== '/' && path[1] !== '\\';
}
