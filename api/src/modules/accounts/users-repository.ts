import { parseSteamId, type UserLookupResponse } from '@outpost/contracts';
import type { Kysely, Selectable } from 'kysely';
import { fromJsonColumn, toJsonColumn } from '../../db/json-column';
import { eventBus } from '../../lib/event-bus';
import type { AccountsTables, UsersTable } from './tables';

// Outpost accounts as moderation sees them: lookup by user id or any Steam id form,
// admin data, and privilege edits. The accounts themselves are created by the auth module.

export type UserRow = Selectable<UsersTable>;

/** By Outpost user id, else by Steam id in any form. */
export async function findUserByAnyId(db: Kysely<AccountsTables>, id: string): Promise<UserRow | undefined> {
  const byId = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (byId) return byId;
  const steamid = parseSteamId(id);
  if (!steamid) return undefined;
  return db.selectFrom('users').selectAll().where('steamid', '=', steamid).executeTakeFirst();
}

/** The account signed in with this SteamID64 (exact match on the SteamID column only). */
export async function findUserBySteamId(db: Kysely<AccountsTables>, steamid: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('steamid', '=', steamid).orderBy('created_at').executeTakeFirst();
}

export async function findUserName(db: Kysely<AccountsTables>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}

/** Users whose name is one of the given names, compared case-insensitively (for @mentions). */
export async function findUserIdsByNames(db: Kysely<AccountsTables>, names: readonly string[]): Promise<string[]> {
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))].slice(0, 50);
  if (lowered.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), 'in', lowered))
    .limit(100)
    .execute();
  return rows.map((row) => row.id);
}

export function toLookupUser(row: UserRow): UserLookupResponse['user'] {
  return { id: row.id, name: row.name, steamid: row.steamid, avatarhash: row.avatar_hash };
}

/** The user's own flags, immunity and codes plus their roles (what an editor changes). */
export async function loadAdminData(
  db: Kysely<AccountsTables>,
  row: UserRow,
): Promise<NonNullable<UserLookupResponse['adminData']>> {
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.name'])
    .where('user_roles.user_id', '=', row.id)
    .orderBy('roles.name')
    .execute();
  return {
    roles,
    flags: row.flags,
    immunityLevel: row.immunity,
    codes: fromJsonColumn<string[]>(row.permission_codes, []),
  };
}

export async function listRoles(db: Kysely<AccountsTables>) {
  const rows = await db.selectFrom('roles').select(['id', 'name', 'flags', 'immunity']).orderBy('name').execute();
  return rows.map((row) => ({ id: row.id, name: row.name, flags: row.flags, immunityLevel: row.immunity }));
}

export async function existingRoleIds(db: Kysely<AccountsTables>, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('roles').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

export async function replacePrivileges(
  db: Kysely<AccountsTables>,
  userId: string,
  privileges: { roleIds: string[]; flags: string; immunityLevel: number; codes: string[] },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        flags: privileges.flags,
        immunity: privileges.immunityLevel,
        permission_codes: toJsonColumn(privileges.codes),
      })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    if (privileges.roleIds.length > 0) {
      await trx
        .insertInto('user_roles')
        .values(privileges.roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
        .execute();
    }
  });
  eventBus(db).emit('member-roles.changed', { userIds: [userId] });
}

/** The flags and codes roles carry, for the editor's grant check. */
export async function roleGrants(db: Kysely<AccountsTables>, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('roles')
    .select(['id', 'flags', 'permission_codes'])
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    flags: row.flags,
    codes: fromJsonColumn<string[]>(row.permission_codes, []),
  }));
}

/**
 * Accounts with a Steam id holding flags of their own or any role, by name, each with its
 * roles: what a game server's admin list is made of.
 */
export async function steamAccountsWithPrivileges(db: Kysely<AccountsTables>) {
  const memberships = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'user_roles.role_id', 'roles.name', 'roles.flags', 'roles.immunity'])
    .execute();
  const roleUserIds = [...new Set(memberships.map((row) => row.user_id))];
  const users = await db
    .selectFrom('users')
    .select(['id', 'steamid', 'name', 'flags', 'immunity'])
    .where('steamid', 'is not', null)
    .where((eb) =>
      roleUserIds.length > 0 ? eb.or([eb('flags', '!=', ''), eb('id', 'in', roleUserIds)]) : eb('flags', '!=', ''),
    )
    .orderBy('name')
    .execute();
  return users.map((user) => ({
    ...user,
    steamid: user.steamid as string,
    roles: memberships
      .filter((row) => row.user_id === user.id)
      .map((row) => ({ id: row.role_id, name: row.name, flags: row.flags, immunity: row.immunity })),
  }));
}
