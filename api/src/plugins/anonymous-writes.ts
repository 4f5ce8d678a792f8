import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { HttpError } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Why this write route is open to callers without a session or API key (issue 31 item 11):
     * its own credential (a game-server token, the setup token, a sign-in state) or none needed.
     * Every other write route answers a stranger 401 before its body is parsed or validated.
     */
    anonymousWrite?: string;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface WriteRoute {
  method: string;
  url: string;
  /** The route's stated reason to accept strangers, or null: signed-in callers only. */
  anonymousWrite: string | null;
}

const writeRoutes = new WeakMap<FastifyInstance, WriteRoute[]>();

/** Every write route the app registered, for tests that must cover routes added later too. */
export function writeRoutesOf(app: FastifyInstance): readonly WriteRoute[] {
  return writeRoutes.get(app) ?? [];
}

/** onRequest: runs after authentication and before the body is read, so a stranger learns no schema. */
const signedInFirst: onRequestHookHandler = async function signedInFirst(request: FastifyRequest) {
  if (!request.auth) throw new HttpError(401, 'UNAUTHORIZED', 'You need to be logged in to do this');
};

/**
 * Anonymous writes get 401 before body validation, on every write route by default: a route
 * opens itself with `config.anonymousWrite`, so a new route is closed unless it says why not.
 * Register before any route (onRoute sees only routes added after it).
 */
export function refuseAnonymousWrites(app: FastifyInstance): void {
  const seen: WriteRoute[] = [];
  writeRoutes.set(app, seen);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((method) => WRITE_METHODS.has(method));
    if (methods.length === 0) return;
    const reason = route.config?.anonymousWrite ?? null;
    for (const method of methods) seen.push({ method, url: route.url, anonymousWrite: reason });
    if (reason) return;
    route.onRequest = [signedInFirst, ...(route.onRequest ? [route.onRequest].flat() : [])];
  });
}
