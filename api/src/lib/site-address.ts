import type { FastifyRequest } from 'fastify';

// Sign-in cookies belong to one address. A site opened at another address than PUBLIC_URL
// (http://127.0.0.1:8080 for http://localhost:8080, an IP for a domain) starts a sign-in
// whose cookie the callback, on PUBLIC_URL, never sees: "please sign in again", forever.
// So the start of a sign-in says which address to use instead (issue 24).

/**
 * The origin the browser has open, as the browser says it: the Origin header (every POST
 * from script), else the Referer's origin (a navigation from our page). Not Host: a proxy
 * may rewrite Host, the browser's own headers it passes on. Null when the browser says neither.
 */
export function browserOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/** Null when the browser is at PUBLIC_URL (or does not say), else what to tell the person. */
export function wrongAddressMessage(request: FastifyRequest, publicUrl: string): string | null {
  const opened = browserOrigin(request);
  const expected = new URL(publicUrl).origin;
  if (opened === null || opened === expected) return null;
  return (
    `This site's address is ${expected}, but this page was opened at ${opened}. ` +
    `Sign-in works only at the site's own address: open ${expected} and sign in there ` +
    '(an operator can change the address with PUBLIC_URL).'
  );
}
