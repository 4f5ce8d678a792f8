import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import { accountsService } from '../../accounts';
import { metaService } from '../../meta';
import type { AuthTables } from '../tables';
import { removeAllPasskeys } from './passkeys';
import { removeRecoveryCodes } from './recovery-codes';
import { removeTotp } from './totp';

// What a user has enrolled, what the site requires of whom, and what a session proved.

/** Site setting: ids of the roles whose holders must enrol a second factor. */
export const REQUIRED_ROLES_SETTING = 'secondFactor.requiredRoles';

/** True when the user has a confirmed TOTP secret or a passkey. */
export async function hasSecondFactor(db: Kysely<AuthTables>, userId: string): Promise<boolean> {
  const [totp, passkey] = await Promise.all([
    db
      .selectFrom('totp_factors')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst(),
    db.selectFrom('passkeys').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst(),
  ]);
  return Boolean(totp || passkey);
}

export async function readRequiredRoleIds(db: Kysely<AuthTables>): Promise<string[]> {
  const value = await metaService.readSetting<unknown>(db, REQUIRED_ROLES_SETTING, []);
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

export async function writeRequiredRoleIds(db: Kysely<AuthTables>, roleIds: string[]): Promise<void> {
  await metaService.writeSetting(db, REQUIRED_ROLES_SETTING, [...new Set(roleIds)]);
}

/** The roles the user holds that require a second factor. */
export async function requiringRolesOf(
  db: Kysely<AuthTables>,
  userId: string,
): Promise<{ id: string; name: string }[]> {
  const required = new Set(await readRequiredRoleIds(db));
  if (required.size === 0) return [];
  return (await accountsService.heldRoles(db, userId)).filter((role) => required.has(role.id));
}

/** A second factor was just proved on this session: step-up counts from now. */
export async function recordProof(db: Kysely<AuthTables>, sessionId: string, method: 'totp' | 'recovery' | 'passkey') {
  const at = nowSeconds();
  await db
    .updateTable('sessions')
    .set({ second_factor_method: method, second_factor_at: at })
    .where('id', '=', sessionId)
    .execute();
  return at;
}

/** Removes every factor of a user (the command-line reset); their sessions must prove nothing old. */
export async function removeAllFactors(db: Kysely<AuthTables>, userId: string): Promise<void> {
  await removeTotp(db, userId);
  await removeAllPasskeys(db, userId);
  await removeRecoveryCodes(db, userId);
  await db
    .updateTable('sessions')
    .set({ second_factor_method: null, second_factor_at: null })
    .where('user_id', '=', userId)
    .execute();
}
