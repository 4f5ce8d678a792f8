// The accounts module's door: the one owner of users, roles and role grants. It serves no
// routes of its own (sign-in is auth's, the privileges editor is players-bans-notes'), so
// it has no plugin: other modules read and change accounts only through accountsService.
import { findUserById } from './accounts-repository';
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
import { loadPermissions } from './permissions';
import {
  existingRoleIds,
  findUserByAnyId,
  findUserName,
  listRoles,
  loadAdminData,
  replacePrivileges,
  roleGrants,
  toLookupUser,
} from './users-repository';
import { grantOwnership, upsertSteamUser } from './users-service';

export type { Standing } from './act-on';
export type { Actor } from './actor';
export type { UserRow } from './users-repository';

export const accountsService = {
  findUserById,
  findUserByAnyId,
  findUserName,
  /** The user's permissions (own plus roles'), null when there is no such user. */
  loadPermissions,
  /** The signed-in staff member behind a request, for rows and audit lines. */
  actorOf,
  upsertSteamUser,
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
};
