import fs from 'node:fs';
import path from 'node:path';
import { PRERENDER_FILE, type RegistryEntry } from '@outpost/contracts';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../lib/session-cookie';
import { visitLocale } from '../../lib/visit-locale';
import { visitTimeZone } from '../../lib/visit-time-zone';
import { principalHas } from '../../plugins/authorization';
import type { PageHints } from '../page-preloads';
import type { Prerenderer } from './prerenderer';

/** A visitor's first screen, drawn on the server, and the data it was drawn from. */
export interface FirstScreen {
  html: string;
  /** API path -> body: inlined in the page, so the browser's first render draws the same. */
  data: Record<string, unknown>;
}

/**
 * The first screen of a page, drawn by the prerender process from the shell's and the owning
 * remote's prerender modules, or null: a page whose remote prerenders nothing, data that did
 * not answer, or a render that failed or came late. A null page goes out as before; nothing
 * depends on this but how soon the content shows.
 *
 * A public page is drawn for a visitor with no session only (a signed-in user's chrome is their
 * own). A staff page (one that needs a permission, `page.permission`) is drawn only for a
 * session the API itself finds holding that permission (principalHas, the API's one guard) and
 * from the API's answers to that session's own cookie, as its browser would fetch them: nothing
 * goes into the page that the visitor's browser would not be given anyway; a visitor, a signed-in
 * user without the permission, an API key and an unknown session get the page as before.
 */
export async function prerenderFirstScreen(
  request: FastifyRequest,
  registry: readonly RegistryEntry[],
  hints: PageHints,
  options: { prerenderer: Prerenderer; shellDist: string },
): Promise<FirstScreen | null> {
  const page = hints.page;
  if (!page) return null;
  const hasSession = request.cookies?.[SESSION_COOKIE] !== undefined;
  if (page.permission === undefined ? hasSession : !staffMayOpen(request, page.permission)) return null;
  const shell = path.join(options.shellDist, PRERENDER_FILE);
  const remote = path.join(page.dir, PRERENDER_FILE);
  if (!fs.existsSync(shell) || !fs.existsSync(remote)) return null;
  // As the visitor's browser would get them: the same routes, with its session cookie or none.
  const cookie = page.permission === undefined ? undefined : request.headers.cookie;
  const own = page.permission === undefined ? [] : [PROFILE_PATH];
  const [meta, ...bodies] = await Promise.all(
    ['/api/meta', ...own, ...page.data].map((url) => apiJson(request, url, cookie)),
  );
  if (meta === undefined || bodies.some((body) => body === undefined)) return null;
  const profile = page.permission === undefined ? undefined : bodies.shift();
  const data = Object.fromEntries(page.data.map((url, index) => [url, bodies[index]]));
  const html = await options.prerenderer.render({
    remote: { name: page.remote, file: remote, path: page.path },
    input: {
      url: request.url,
      registry,
      meta,
      data,
      locale: visitLocale(request),
      // Dates are drawn in the reader's zone (the shell's cookie), as their browser then draws them.
      timeZone: visitTimeZone(request),
      ...(page.permission === undefined ? {} : { signedIn: { profile, permission: page.permission } }),
    },
  });
  return html === null ? null : { html, data };
}

const PROFILE_PATH = '/api/auth/profile';

/**
 * Whether this request's session holds the staff page's permission, by the API's own guard
 * (authorization.ts): a browser session only (an API key opens no pages).
 */
function staffMayOpen(request: FastifyRequest, permission: string): boolean {
  const auth = request.auth;
  return auth !== null && auth !== undefined && auth.via === 'session' && principalHas(auth, permission);
}

async function apiJson(request: FastifyRequest, url: string, cookie: string | undefined): Promise<unknown> {
  try {
    const response = await request.server.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', ...(cookie === undefined ? {} : { cookie }) },
    });
    return response.statusCode === 200 ? response.json() : undefined;
  } catch {
    return undefined;
  }
}
