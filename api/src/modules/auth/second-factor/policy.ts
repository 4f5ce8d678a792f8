import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
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

/**
 * Where a user stands for a dangerous action taken outside a browser session (a Discord /ban,
 * issue 26), where no prompt can be answered: 'free' (no factor enrolled and none required),
 * 'enrol' (a role requires one the user lacks), 'proved' (a factor was proved on one of the
 * user's own live sessions within the step-up window) or 'prove' (enrolled, no recent proof).
 * Signed-out sessions are deleted, so their proofs no longer count.
 */
export async function secondFactorStanding(
  db: Kysely<AuthTables>,
  userId: string,
  windowMinutes: number,
): Promise<'free' | 'enrol' | 'prove' | 'proved'> {
  const [enrolled, requiring] = await Promise.all([hasSecondFactor(db, userId), requiringRolesOf(db, userId)]);
  if (!enrolled) return requiring.length > 0 ? 'enrol' : 'free';
  const latest = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.max('second_factor_at').as('at'))
    .where('user_id', '=', userId)
    .where('impersonating_user_id', 'is', null)
    .executeTakeFirst();
  const at = latest?.at === null || latest?.at === undefined ? null : Number(latest.at);
  return at !== null && nowSeconds() - at <= windowMinutes * 60 ? 'proved' : 'prove';
}
