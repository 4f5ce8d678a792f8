import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import { hashToken, issueToken, newId, tokenHashFor } from '../../lib/tokens';
import type { AuthTables } from './tables';

export { SESSION_COOKIE } from '../../lib/session-cookie';

/** lastActive is written at most this often per session, not on every request. */
const LAST_ACTIVE_RESOLUTION_S = 60;
/** A session unused for this long is over (the cookie lives as long). */
export const SESSION_MAX_AGE_S = 30 * 24 * 3600;

/** Starts a login session; the returned token goes into the cookie and is never stored. */
export async function createSession(
  db: Kysely<AuthTables>,
  userId: string,
  client: { ip: string; countryCode: string },
  signInMethod: 'steam' | 'discord' | 'demo' = 'steam',
): Promise<{ sessionId: string; token: string }> {
  const token = issueToken('session');
  const sessionId = newId();
  const now = nowSeconds();
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      token_hash: hashToken(token),
      user_id: userId,
      ip: client.ip,
      country_code: client.countryCode,
      login_time: now,
      last_active: now,
      impersonating_user_id: null,
      sign_in_method: signInMethod,
      second_factor_method: null,
      second_factor_at: null,
    })
    .execute();
  return { sessionId, token };
}

/** A session older than this is over however active it is (SESSION_ABSOLUTE_LIFETIME_HOURS). */
export const DEFAULT_SESSION_ABSOLUTE_S = 90 * 24 * 3600;

/**
 * The session a cookie token belongs to, touching lastActive; null when unknown, unused
 * for SESSION_MAX_AGE_S (sliding) or signed in longer ago than `absoluteS` (absolute).
 */
export async function resolveSession(db: Kysely<AuthTables>, token: string, absoluteS = DEFAULT_SESSION_ABSOLUTE_S) {
  const tokenHash = tokenHashFor('session', token);
  if (!tokenHash) return null;
  const session = await db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!session) return null;
  const now = nowSeconds();
  if (now - session.last_active > SESSION_MAX_AGE_S || now - session.login_time > absoluteS) {
    await db.deleteFrom('sessions').where('id', '=', session.id).execute();
    return null;
  }
  if (now - session.last_active >= LAST_ACTIVE_RESOLUTION_S) {
    await db.updateTable('sessions').set({ last_active: now }).where('id', '=', session.id).execute();
  }
  return session;
}

/** Whether a session still exists (not logged out or revoked): long-lived streams ask this. */
export async function sessionStillValid(
  db: Kysely<AuthTables>,
  sessionId: string,
  absoluteS = DEFAULT_SESSION_ABSOLUTE_S,
): Promise<boolean> {
  const row = await db.selectFrom('sessions').select('login_time').where('id', '=', sessionId).executeTakeFirst();
  return Boolean(row) && nowSeconds() - (row?.login_time ?? 0) <= absoluteS;
}
