import type { Kysely } from 'kysely';
import { toJsonColumn } from '../db/json-column';
import type { Database } from '../db/schema';
import { nowSeconds } from '../lib/clock';
import { newId } from '../lib/tokens';
import { authService } from '../modules/auth';

export interface TestUserOptions {
  name?: string;
  steamid?: string;
  codes?: string[];
  flags?: string;
  immunity?: number;
}

/**
 * A user with the given permissions and a login session for them, written straight to the
 * database: for tests of what lies behind sign-in (API tests and e2e alike). The sign-in
 * flows themselves are tested through Steam and Discord.
 */
export async function createSignedInUser(
  db: Kysely<Database>,
  options: TestUserOptions,
  defaultName: string,
): Promise<{ userId: string; token: string }> {
  // A fixed Steam id names one person: a retried e2e test (or a second sign-in) finds them
  // already there, so they get the asked-for permissions and a new session instead.
  const existing = options.steamid
    ? await db.selectFrom('users').select('id').where('steamid', '=', options.steamid).executeTakeFirst()
    : undefined;
  if (existing) {
    await db
      .updateTable('users')
      .set({
        name: options.name ?? defaultName,
        flags: options.flags ?? '',
        immunity: options.immunity ?? 0,
        permission_codes: toJsonColumn(options.codes ?? []),
      })
      .where('id', '=', existing.id)
      .execute();
    const { token } = await authService.createSession(db, existing.id, { ip: '127.0.0.1', countryCode: '' });
    return { userId: existing.id, token };
  }
  const userId = newId();
  await db
    .insertInto('users')
    .values({
      id: userId,
      steamid: options.steamid ?? `7656119${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`,
      name: options.name ?? defaultName,
      avatar_hash: null,
      flags: options.flags ?? '',
      immunity: options.immunity ?? 0,
      permission_codes: toJsonColumn(options.codes ?? []),
      birth_month: null,
      birth_date: null,
      created_at: nowSeconds(),
    })
    .execute();
  const { token } = await authService.createSession(db, userId, { ip: '127.0.0.1', countryCode: '' });
  return { userId, token };
}
