import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
export declare const SESSION_COOKIE = 'outpost_session';
/** Starts a login session; the returned token goes into the cookie and is never stored. */
export declare function createSession(
  db: Kysely<Database>,
  userId: string,
  client: {
    ip: string;
    countryCode: string;
  },
): Promise<{
  sessionId: string;
  token: string;
}>;
/** The session a cookie token belongs to, touching lastActive; null when unknown. */
export declare function resolveSession(
  db: Kysely<Database>,
  token: string,
): Promise<{
  country_code: string;
  id: string;
  impersonating_user_id: string | null;
  ip: string;
  last_active: number;
  login_time: number;
  token_hash: string;
  user_id: string;
} | null>;
