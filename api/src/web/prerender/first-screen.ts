import fs from 'node:fs';
import path from 'node:path';
import { PRERENDER_FILE, type RegistryEntry } from '@outpost/contracts';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../lib/session-cookie';
import { visitLocale } from '../../lib/visit-locale';
import type { PageHints } from '../page-preloads';
import type { Prerenderer } from './prerenderer';

/** A visitor's first screen, drawn on the server, and the data it was drawn from. */
export interface FirstScreen {
  html: string;
  /** API path -> body: inlined in the page, so the browser's first render draws the same. */
  data: Record<string, unknown>;
}

/**
 * The first screen of a public page for a visitor, drawn by the prerender process from the
 * shell's and the owning remote's prerender modules, or null: a signed-in visit (its chrome
 * and data are the user's own, and are not drawn outside their browser), a page whose remote
 * prerenders nothing, data that did not answer, or a render that failed or came late. A null
 * page goes out as before; nothing depends on this but how soon the content shows.
 */
export async function prerenderFirstScreen(
  request: FastifyRequest,
  registry: readonly RegistryEntry[],
  hints: PageHints,
  options: { prerenderer: Prerenderer; shellDist: string },
): Promise<FirstScreen | null> {
  const page = hints.page;
  if (!page || request.cookies?.[SESSION_COOKIE] !== undefined) return null;
  const shell = path.join(options.shellDist, PRERENDER_FILE);
  const remote = path.join(page.dir, PRERENDER_FILE);
  if (!fs.existsSync(shell) || !fs.existsSync(remote)) return null;
  // As a visitor's browser would get them: the same routes, no credentials.
  const [meta, ...bodies] = await Promise.all(['/api/meta', ...page.data].map((url) => visitorJson(request, url)));
  if (meta === undefined || bodies.some((body) => body === undefined)) return null;
  const data = Object.fromEntries(page.data.map((url, index) => [url, bodies[index]]));
  const html = await options.prerenderer.render({
    remote: { name: page.remote, file: remote, path: page.path },
    input: { url: request.url, registry, meta, data, locale: visitLocale(request) },
  });
  return html === null ? null : { html, data };
}

async function visitorJson(request: FastifyRequest, url: string): Promise<unknown> {
  try {
    const response = await request.server.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return response.statusCode === 200 ? response.json() : undefined;
  } catch {
    return undefined;
  }
}
