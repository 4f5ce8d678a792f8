import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { personOf } from './audit-security';

/**
 * The signed-in person and their session, for the second-factor routes: a factor is the
 * person's own (not whom they impersonate) and is proved on a session, never with an API key.
 */
export function sessionPerson(request: FastifyRequest): { userId: string; sessionId: string } {
  const auth = request.auth as Principal | null;
  if (!auth) throw new HttpError(401, 'UNAUTHORIZED', 'You need to be logged in to do this');
  if (auth.via !== 'session' || !auth.sessionId) {
    throw new HttpError(
      403,
      'SESSION_REQUIRED',
      'Second factors are managed from a signed-in browser, not with an API key',
    );
  }
  return { userId: personOf(auth), sessionId: auth.sessionId };
}

/** Step-up routes are tried at most this often per person and minute (a 6-digit code is guessable). */
export const proofRateLimit = {
  rateLimit: {
    max: 10,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `second-factor:${request.auth ? personOf(request.auth) : request.ip}`,
  },
};
