import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/*
 * Who really acts in this request (issue 9 item 13). While an admin impersonates another
 * account, every audit line the request writes in that account's name also names the admin:
 * authentication records the impersonation here once, and the audit module reads it, so no
 * call site can forget it.
 *
 * Only an impersonated request enters a context (issue 30). An AsyncLocalStorage entered for
 * every request (as @fastify/request-context did) switches on Node's async hooks for the whole
 * process and carries a store through every promise and tick of every request: on Node 20 that
 * was ~6 µs of the ~16 µs of JavaScript a visitor's GET /api/servers cost (a CPU profile under
 * the bench's load). Until the first impersonation no hook runs at all; after it, requests that
 * impersonate no one carry no store.
 */

export interface Impersonation {
  /** The account the request acts as. */
  actingAs: string;
  /** The admin behind it, and their name at the time. */
  realId: string;
  realName: string;
}

const impersonations = new AsyncLocalStorage<Impersonation>();
/** The impersonated requests' scopes, to re-enter where Fastify's lifecycle leaves them. */
const scopes = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Goes on with the request (`next`: its lifecycle's next step) as `impersonation`: everything
 * it does from there, awaited or not, sees it.
 */
export function continueImpersonating(request: FastifyRequest, impersonation: Impersonation, next: () => void): void {
  impersonations.run(impersonation, () => {
    const scope = new AsyncResource('outpost-impersonation');
    scopes.set(request, scope);
    scope.runInAsyncScope(next);
  });
}

/**
 * Fastify's lifecycle may go on from the socket's events (a request's body read after its
 * onRequest hooks ran), outside the context those hooks ran in: validation, the handler and
 * what follows re-enter it here, as @fastify/request-context did in the same hook. For the
 * requests that impersonate no one it is one WeakMap lookup. Register on the root app.
 */
export function keepActingContext(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}

/**
 * The real actor behind a line written in `client`'s name, when this request impersonates
 * `client`; null otherwise (another client, no request, or no impersonation). Matching on
 * the acting account keeps work that merely started inside a request from inheriting it.
 */
export function realActorOf(client: string | null): { realId: string; realName: string } | null {
  const impersonation = impersonations.getStore();
  if (!impersonation || client === null || client !== impersonation.actingAs) return null;
  return { realId: impersonation.realId, realName: impersonation.realName };
}
