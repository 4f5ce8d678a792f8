import type { Kysely } from 'kysely';
import { fromJsonColumn } from '../../db/json-column';
import type { Principal } from '../../lib/principal';
import type { AccountsTables } from './tables';

/**
 * The union of a user's own and their roles' codes and flags; the highest immunity. Roles in
 * `withheldRoleIds` count for nothing (issue 31: a role that requires a second factor gives
 * its holder nothing until they enrol one). The withheld list may still be on its way: the
 * user's and roles' rows are asked for meanwhile, in parallel (on PostgreSQL each query is a
 * round trip, and a Discord interaction must be answered within 3 s, issue 26).
 */
export async function loadPermissions(
  db: Kysely<AccountsTables>,
  userId: string,
  withheldRoleIds: readonly string[] | Promise<readonly string[]> = [],
): Promise<Principal['permissions'] | null> {
  const [user, roles, withheld] = await Promise.all([
    db
      .selectFrom('users')
      .select(['flags', 'immunity', 'permission_codes'])
      .where('id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['roles.id', 'roles.flags', 'roles.immunity', 'roles.permission_codes'])
      .where('user_roles.user_id', '=', userId)
      .execute(),
    withheldRoleIds,
  ]);
  if (!user) return null;
  const codes = new Set(fromJsonColumn<string[]>(user.permission_codes, []));
  const flags = new Set(user.flags.split(''));
  let immunityLevel = user.immunity;
  for (const role of roles) {
    if (withheld.includes(role.id)) continue;
    for (const code of fromJsonColumn<string[]>(role.permission_codes, [])) codes.add(code);
    for (const flag of role.flags) flags.add(flag);
    immunityLevel = Math.max(immunityLevel, role.immunity);
  }
  return { codes: [...codes], flags: [...flags].sort().join(''), immunityLevel };
}

/** The roles a user holds, by name (issue 31: which of them require a second factor). */
export async function heldRoles(db: Kysely<AccountsTables>, userId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.name'])
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.name')
    .execute();
}
