import type { FastifyInstance } from 'fastify';

// `npm run demo` listens on every loopback name, its PUBLIC_URL names one of them
// (http://localhost:8080). A page opened at another (http://127.0.0.1:8080) is sent to
// PUBLIC_URL before anything else, so sign-in's cookies and callback share one address
// (issue 24). Only between loopback names: a public demo behind a proxy is left alone.

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Where to send a page request opened at the wrong loopback name, or null to serve it. */
export function demoAddressRedirect(hostHeader: string | undefined, url: string, publicUrl: string): string | null {
  if (!hostHeader) return null;
  const expected = new URL(publicUrl);
  let opened: URL;
  try {
    opened = new URL(`${expected.protocol}//${hostHeader}`);
  } catch {
    return null;
  }
  if (!LOOPBACK_NAMES.has(opened.hostname) || !LOOPBACK_NAMES.has(expected.hostname)) return null;
  if (opened.host === expected.host) return null;
  // Only a path: never a second origin taken from the request.
  const path = url.startsWith('/') && !url.startsWith('//') ? url : '/';
  return `${expected.origin}${path}`;
}

/** Registers the redirect for page loads (GET/HEAD outside /api/). */
export function redirectDemoPagesToPublicUrl(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.url.startsWith('/api/')) return;
    const target = demoAddressRedirect(request.headers.host, request.url, publicUrl);
    if (target) return reply.redirect(target, 302);
  });
}
