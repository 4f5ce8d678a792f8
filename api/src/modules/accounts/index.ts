// The accounts module's door: the one owner of users, roles and role grants. It serves no
// routes of its own (sign-in is auth's, the privileges editor is players-bans-notes'), so
// it has no plugin: other modules read and change accounts only through accountsService.
import { findUserById, setBirthday } from './accounts-repository';
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
import {
  addHolder,
  allUserIds,
  deleteRole,
  findPanelUser,
  findRole,
  holderIds,
  insertRole,
  listHolders,
  listPanelRoles,
  removeHolder,
  roleNameTaken,
  searchPanelUsers,
  updateRole,
} from './roles-repository';
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

export const accountsService = {
  findUserById,
  /** The member's own birthday (month and day), or both null. */
  setBirthday,
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
  // Roles and their holders as the panel edits them.
  listPanelRoles,
  findRole,
  roleNameTaken,
  insertRole,
  updateRole,
  holderIds,
  listHolders,
  deleteRole,
  addHolder,
  removeHolder,
  findPanelUser,
  searchPanelUsers,
  allUserIds,
};
