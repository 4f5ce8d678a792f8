import type { LoginSession } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import type { AuthTables } from './tables';

export async function listUserSessions(db: Kysely<AuthTables>, userId: string): Promise<LoginSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select([
      'id',
      'ip',
      'country_code',
      'login_time',
      'last_active',
      'sign_in_method',
      'second_factor_method',
      'second_factor_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('last_active', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    ip: row.ip,
    countryCode: row.country_code,
    loginTime: Number(row.login_time),
    lastActive: Number(row.last_active),
    signInMethod: row.sign_in_method,
    secondFactor:
      row.second_factor_method && row.second_factor_at !== null
        ? { method: row.second_factor_method as 'totp' | 'recovery' | 'passkey', at: Number(row.second_factor_at) }
        : null,
  }));
}

/** Deletes one of the user's sessions; false when it is not theirs (or does not exist). */
export async function deleteUserSession(db: Kysely<AuthTables>, userId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteSession(db: Kysely<AuthTables>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** The session acts as `userId` from now on; null ends the impersonation. */
export async function setSessionImpersonation(
  db: Kysely<AuthTables>,
  sessionId: string,
  userId: string | null,
): Promise<void> {
  await db.updateTable('sessions').set({ impersonating_user_id: userId }).where('id', '=', sessionId).execute();
}
