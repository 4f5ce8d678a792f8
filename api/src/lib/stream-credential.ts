import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The credential a long-lived answer (the notification stream) was opened with, so it can
 * end the moment that credential does (issue 9 item 12): logout, session revoke, absolute
 * lifetime, the start or end of impersonation, API key rotation.
 */
export type StreamCredential =
  | { kind: 'session'; sessionId: string; impersonating: string | null }
  | { kind: 'apikey'; keyHash: string };

/**
 * The credential check the notifications module is given (by app.ts, from the auth
 * module), so notifications need not import auth (issue 23: no module cycles).
 */
export interface CredentialCheck {
  credentialOf(request: FastifyRequest): StreamCredential | null;
  /** Which credentials still hold, in order. */
  liveCredentials(
    db: Kysely<Database>,
    credentials: readonly StreamCredential[],
    absoluteS: number,
  ): Promise<boolean[]>;
}
