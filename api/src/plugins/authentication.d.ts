import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Principal } from '../modules/auth/principal';

declare module 'fastify' {
  interface FastifyRequest {
    /** Null for anonymous requests. Filled before any route runs. */
    auth: Principal | null;
  }
}
/**
 * CSRF: a cookie-authenticated request that changes state must come from our own
 * origin (Origin header, or Sec-Fetch-Site: same-origin). Bearer calls carry no
 * ambient credentials and are exempt.
 */
export declare function isSameOriginRequest(request: FastifyRequest, publicUrl: string): boolean;
/** Resolves the session cookie into request.auth on every request. */
export declare const authentication: (app: FastifyInstance) => Promise<void>;
