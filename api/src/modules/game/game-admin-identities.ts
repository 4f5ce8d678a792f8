import { type GameAdminIdentity, gameIdentityRefusal, parseSteamId, steamIdForms } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { fromJsonColumn, toJsonColumn } from '../../db/json-column';
import { HttpError } from '../../lib/http-error';
import { accountsService } from '../accounts';
import { authService } from '../auth';
import type { GameTables } from './tables';

// Admins without an Outpost account (SourceMod's ip and name auth, or a bare Steam id).

export async function listIdentities(db: Kysely<GameTables>): Promise<GameAdminIdentity[]> {
  const rows = await db
    .selectFrom('game_admin_identities')
    .selectAll()
    .orderBy('auth_type')
    .orderBy('identity')
    .execute();
  return rows.map((row) => ({
    authType: row.auth_type,
    identity: row.identity,
    name: row.name,
    flags: row.flags,
    immunity: row.immunity,
    roleIds: fromJsonColumn<string[]>(row.role_ids, []),
  }));
}

/** Validates every entry first (400, nothing stored), then replaces the whole list. */
export async function replaceIdentities(db: Kysely<GameTables>, admins: GameAdminIdentity[]): Promise<void> {
  const normalised = admins.map((admin) => {
    const refusal = gameIdentityRefusal(admin.authType, admin.identity);
    if (refusal) throw new HttpError(400, 'INVALID_IDENTITY', refusal);
    return admin.authType === 'steam' ? { ...admin, identity: parseSteamId(admin.identity) as string } : admin;
  });
  const roleIds = [...new Set(normalised.flatMap((admin) => admin.roleIds))];
  const known = await accountsService.existingRoleIds(db, roleIds);
  if (known.size !== roleIds.length)
    throw new HttpError(400, 'UNKNOWN_ROLE', 'Every group must be an existing role id');
  const unique = new Map(normalised.map((admin) => [`${admin.authType}:${admin.identity}`, admin]));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('game_admin_identities').execute();
    if (unique.size === 0) return;
    await trx
      .insertInto('game_admin_identities')
      .values(
        [...unique.values()].map((admin) => ({
          auth_type: admin.authType,
          identity: admin.identity,
          name: admin.name,
          flags: [...new Set(admin.flags)].sort().join(''),
          immunity: admin.immunity,
          role_ids: toJsonColumn([...new Set(admin.roleIds)]),
        })),
      )
      .execute();
  });
}

/** The identities as /api/game/admins entries, groups by role name. */
export async function identityAdmins(db: Kysely<GameTables>) {
  const roles = await accountsService.listRoles(db);
  const byId = new Map(roles.map((role) => [role.id, role]));
  // No account, so no second factor, ever: a role that requires one is withheld here for good.
  const requiring = new Set(await authService.rolesRequiringSecondFactor(db));
  return (await listIdentities(db)).map((admin) => {
    const groups = admin.roleIds
      .filter((id) => !requiring.has(id))
      .map((id) => byId.get(id))
      .filter((role) => role !== undefined);
    return {
      authType: admin.authType,
      identity: admin.identity,
      identitySteam2: admin.authType === 'steam' ? steamIdForms(admin.identity).steam2 : null,
      name: admin.name,
      flags: [...new Set([...admin.flags, ...groups.flatMap((role) => [...role.flags])])].sort().join(''),
      immunity: Math.max(admin.immunity, ...groups.map((role) => role.immunityLevel)),
      groups: groups.map((role) => role.name).sort(),
    };
  });
}
