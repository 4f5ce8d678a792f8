import type { Kysely } from 'kysely';
import type { AuthTables } from '../tables';
import { hasSecondFactor, requiringRolesOf } from './factors';

/**
 * The roles whose permissions a user does not get now: those that require a second factor,
 * while the user has none enrolled (issue 31 item 3). The user stays signed in; the shell
 * shows a banner asking them to enrol.
 */
export async function withheldRoleIds(db: Kysely<AuthTables>, userId: string): Promise<string[]> {
  const requiring = await requiringRolesOf(db, userId);
  if (requiring.length === 0) return [];
  return (await hasSecondFactor(db, userId)) ? [] : requiring.map((role) => role.id);
}
