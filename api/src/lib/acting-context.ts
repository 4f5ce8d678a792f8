import { requestContext } from '@fastify/request-context';

/*
 * Who really acts in this request (issue 9 item 13). While an admin impersonates another
 * account, every audit line the request writes in that account's name also names the admin:
 * authentication records the impersonation here once, and the audit module reads it, so no
 * call site can forget it. Request-scoped through @fastify/request-context (AsyncLocalStorage
 * carried across Fastify's lifecycle, which a bare AsyncLocalStorage loses at body parsing).
 */

export interface Impersonation {
  /** The account the request acts as. */
  actingAs: string;
  /** The admin behind it, and their name at the time. */
  realId: string;
  realName: string;
}

declare module '@fastify/request-context' {
  interface RequestContextData {
    impersonation?: Impersonation;
  }
}

export function recordImpersonation(impersonation: Impersonation): void {
  requestContext.set('impersonation', impersonation);
}

/**
 * The real actor behind a line written in `client`'s name, when this request impersonates
 * `client`; null otherwise (another client, no request, or no impersonation). Matching on
 * the acting account keeps work that merely started inside a request from inheriting it.
 */
export function realActorOf(client: string | null): { realId: string; realName: string } | null {
  const impersonation = requestContext.get('impersonation');
  if (!impersonation || client === null || client !== impersonation.actingAs) return null;
  return { realId: impersonation.realId, realName: impersonation.realName };
}
