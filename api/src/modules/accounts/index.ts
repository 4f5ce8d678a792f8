// The accounts module's door: the one owner of users, roles and role grants. Its plugin serves
// the roles editor (/panel/roles…, /panel/users, the panel's page); sign-in is auth's, the
// privileges editor is players-bans-notes'. Other modules read and change accounts only
// through accountsService.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Door } from '../../db/module-db';
import { findUserById, setBirthday, setLocale } from './accounts-repository';
import {
  assertMayActOn,
  assertMayActOnPlayer,
  assertMayImpersonate,
  assertNotImpersonating,
  isStaff,
  mayActOn,
  standingOf,
} from './act-on';
import { actorOf } from './actor';
import { heldRoles, loadPermissions } from './permissions';
import { assertRolesWithinCallerLimits, assertWithinRoleLimits, restrictionLimits } from './role-limits';
import { rolesRoutes } from './roles';
import {
  addHolder,
  allUserIds,
  findPanelUser,
  findRole,
  holderIds,
  insertRole,
  listPanelRoles,
  roleNameTaken,
  searchPanelUsers,
} from './roles-repository';
import type { AccountsTables } from './tables';
import {
  existingRoleIds,
  findUserByAnyId,
  findUserBySteamId,
  findUserIdsByNames,
  findUserName,
  listRoles,
  loadAdminData,
  replacePrivileges,
  roleGrants,
  steamAccountsWithPrivileges,
  toLookupUser,
} from './users-repository';
import { grantOwnership, insertImportedUser, upsertSteamUser } from './users-service';

export type { Standing } from './act-on';
export type { Actor } from './actor';
export type { RoleRow } from './roles-repository';
export type { UserRow } from './users-repository';

/** The roles editor's routes (the panel's Roles page), registered once under /api. */
export const accountsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(rolesRoutes, { db: app.db as Kysely<AccountsTables> });
};

const accountsDoor = {
  findUserById,
  /** The member's own birthday (month and day), or both null. */
  setBirthday,
  /** The member's own language (a LOCALES code). */
  setLocale,
  findUserByAnyId,
  findUserBySteamId,
  findUserName,
  /** Users with one of these names, case-insensitive (discussion @mentions). */
  findUserIdsByNames,
  /** The user's permissions (own plus roles'), null when there is no such user. */
  loadPermissions,
  /** The roles a user holds ({id, name}). */
  heldRoles,
  /** The signed-in staff member behind a request, for rows and audit lines. */
  actorOf,
  upsertSteamUser,
  /** An admin from another system (SourceBans++ import); null when the Steam id has an account. */
  insertImportedUser,
  /** The longest ban and comm block a user may give, and whether they may lift others' (issue 25 item 4). */
  restrictionLimits,
  /** The one limits check every ban, lengthening and lift goes through: 403 naming the limit. */
  assertWithinRoleLimits,
  /** 403 when a role given carries a ban power with limits beyond the giver's own. */
  assertRolesWithinCallerLimits,
  // "May A act on B" (issue 9): the one rule every action on another account goes through.
  mayActOn,
  isStaff,
  standingOf,
  assertMayActOn,
  assertMayActOnPlayer,
  assertMayImpersonate,
  assertNotImpersonating,
  grantOwnership,
  loadAdminData,
  listRoles,
  existingRoleIds,
  replacePrivileges,
  roleGrants,
  toLookupUser,
  steamAccountsWithPrivileges,
  // What other modules ask of roles: announcement audiences, appeal assignees, the import
  // and the demo's seed (the roles editor itself is this module's plugin).
  listPanelRoles,
  findRole,
  holderIds,
  findPanelUser,
  roleNameTaken,
  insertRole,
  addHolder,
  searchPanelUsers,
  allUserIds,
};

/**
 * What other modules ask of accounts. Callers hand over their own view of the database (the same instance, or their
 * transaction); this door sees its own tables through it: the module's one cast.
 */
export const accountsService = accountsDoor as unknown as Door<typeof accountsDoor>;
