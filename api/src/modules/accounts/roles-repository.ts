import { type PanelRole, type PanelUser, type RoleLimits, UNLIMITED_ROLE } from '@outpost/contracts';
import { type Kysely, sql } from 'kysely';
import { fromJsonColumn, toJsonColumn } from '../../db/json-column';
import { nowSeconds } from '../../lib/clock';
import { eventBus } from '../../lib/event-bus';
import type { AccountsTables } from './tables';

// Roles as the panel edits them, and who holds them: accounts owns roles and user_roles, the
// panel's routes reach them through accountsService.

export interface RoleRow {
  id: string;
  name: string;
  codes: string[];
  flags: string;
  immunityLevel: number;
  /** What its holders may give (issue 25 item 4); absent on insert = UNLIMITED_ROLE. */
  limits?: RoleLimits;
}

type Db = Kysely<AccountsTables>;

interface RoleLimitColumns {
  ban_max_seconds: number | string | null;
  comm_max_seconds: number | string | null;
  may_give_permanent: number;
  may_lift_others: number;
  ban_group_ids: string | null;
}

const LIMIT_COLUMNS = [
  'ban_max_seconds',
  'comm_max_seconds',
  'may_give_permanent',
  'may_lift_others',
  'ban_group_ids',
] as const;

/** A role row's limit columns as the contract's RoleLimits (pg answers bigint as text). */
export function toRoleLimits(row: RoleLimitColumns): RoleLimits {
  return {
    banMaxSeconds: row.ban_max_seconds === null ? null : Number(row.ban_max_seconds),
    commMaxSeconds: row.comm_max_seconds === null ? null : Number(row.comm_max_seconds),
    mayGivePermanent: Number(row.may_give_permanent) === 1,
    mayLiftOthers: Number(row.may_lift_others) === 1,
    banGroupIds: fromJsonColumn<string[] | null>(row.ban_group_ids, null),
  };
}

function limitColumns(limits: RoleLimits) {
  return {
    ban_max_seconds: limits.banMaxSeconds,
    comm_max_seconds: limits.commMaxSeconds,
    may_give_permanent: limits.mayGivePermanent ? 1 : 0,
    may_lift_others: limits.mayLiftOthers ? 1 : 0,
    ban_group_ids: limits.banGroupIds ? JSON.stringify([...new Set(limits.banGroupIds)]) : null,
  };
}

function toRole(
  row: { id: string; name: string; flags: string; immunity: number; permission_codes: string } & RoleLimitColumns,
): RoleRow {
  return {
    id: row.id,
    name: row.name,
    flags: row.flags,
    immunityLevel: row.immunity,
    codes: fromJsonColumn<string[]>(row.permission_codes, []),
    limits: toRoleLimits(row),
  };
}

/** A panel role's own columns: selected and grouped by alike (holders are counted per role). */
const PANEL_ROLE_COLUMNS = [
  'roles.id',
  'roles.name',
  'roles.flags',
  'roles.immunity',
  'roles.permission_codes',
  ...LIMIT_COLUMNS.map((column) => `roles.${column}` as const),
] as const;

export async function listPanelRoles(db: Db): Promise<PanelRole[]> {
  const rows = await db
    .selectFrom('roles')
    .leftJoin('user_roles', 'user_roles.role_id', 'roles.id')
    .select([...PANEL_ROLE_COLUMNS, (eb) => eb.fn.count<number | string>('user_roles.user_id').as('holders')])
    .groupBy([...PANEL_ROLE_COLUMNS])
    .orderBy('roles.name')
    .execute();
  return rows.map((row) => ({ ...toRole(row), limits: toRoleLimits(row), holders: Number(row.holders) }));
}

export async function findRole(db: Db, id: string): Promise<RoleRow | undefined> {
  const row = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRole(row) : undefined;
}

export async function roleNameTaken(db: Db, name: string, exceptId: string | null): Promise<boolean> {
  let query = db.selectFrom('roles').select('id').where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertRole(db: Db, role: RoleRow): Promise<void> {
  await db
    .insertInto('roles')
    .values({
      id: role.id,
      name: role.name,
      flags: role.flags,
      immunity: role.immunityLevel,
      permission_codes: toJsonColumn(role.codes),
      created_at: nowSeconds(),
      ...limitColumns(role.limits ?? UNLIMITED_ROLE),
    })
    .execute();
}

export async function updateRole(db: Db, role: RoleRow): Promise<void> {
  await db
    .updateTable('roles')
    .set({
      name: role.name,
      flags: role.flags,
      immunity: role.immunityLevel,
      permission_codes: toJsonColumn(role.codes),
      ...(role.limits ? limitColumns(role.limits) : {}),
    })
    .where('id', '=', role.id)
    .execute();
}

export async function holderIds(db: Db, roleId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_roles').select('user_id').where('role_id', '=', roleId).execute();
  return rows.map((row) => row.user_id);
}

export async function listHolders(db: Db, roleId: string): Promise<PanelUser[]> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select(['users.id', 'users.name', 'users.steamid', 'users.immunity'])
    .where('user_roles.role_id', '=', roleId)
    .orderBy('users.name')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, steamid: row.steamid, immunityLevel: row.immunity }));
}

/** Deletes the role; its holders move to `reassignTo` first when given (keeping any they already had). */
export async function deleteRole(db: Db, roleId: string, reassignTo: string | null): Promise<void> {
  const holders = await holderIds(db, roleId);
  await db.transaction().execute(async (trx) => {
    if (reassignTo) {
      const already = new Set(await holderIds(trx, reassignTo));
      const moving = holders.filter((userId) => !already.has(userId));
      if (moving.length > 0) {
        await trx
          .insertInto('user_roles')
          .values(moving.map((userId) => ({ user_id: userId, role_id: reassignTo })))
          .execute();
      }
    }
    await trx.deleteFrom('user_roles').where('role_id', '=', roleId).execute();
    // What refers to the role elsewhere (the game module's group immunities) goes with it.
    await eventBus(db).settle('role.deleting', { db: trx, roleId });
    await trx.deleteFrom('roles').where('id', '=', roleId).execute();
  });
  eventBus(db).emit('member-roles.changed', { userIds: holders });
}

export async function addHolder(db: Db, roleId: string, userId: string): Promise<boolean> {
  const result = await db
    .insertInto('user_roles')
    .values({ user_id: userId, role_id: roleId })
    .onConflict((conflict) => conflict.columns(['user_id', 'role_id']).doNothing())
    .executeTakeFirst();
  eventBus(db).emit('member-roles.changed', { userIds: [userId] });
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function removeHolder(db: Db, roleId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('user_roles')
    .where('role_id', '=', roleId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  eventBus(db).emit('member-roles.changed', { userIds: [userId] });
  return Number(result.numDeletedRows) > 0;
}

export async function findPanelUser(db: Db, id: string): Promise<PanelUser | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'steamid', 'immunity'])
    .where((eb) => eb.or([eb('id', '=', id), eb('steamid', '=', id)]))
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, steamid: row.steamid, immunityLevel: row.immunity } : undefined;
}

/** Users whose name contains, or whose Steam id or user id starts with, the text (at most 20). */
export async function searchPanelUsers(db: Db, text: string): Promise<PanelUser[]> {
  let query = db.selectFrom('users').select(['id', 'name', 'steamid', 'immunity']).orderBy('name').limit(20);
  if (text !== '') {
    const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(name)`, 'like', sql<string>`${`%${escaped}%`} escape '\\'`),
        eb('steamid', 'like', sql<string>`${`${escaped}%`} escape '\\'`),
        eb('id', '=', text),
      ]),
    );
  }
  const rows = await query.execute();
  return rows.map((row) => ({ id: row.id, name: row.name, steamid: row.steamid, immunityLevel: row.immunity }));
}

export async function allUserIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').execute();
  return rows.map((row) => row.id);
}
