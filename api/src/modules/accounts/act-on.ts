import { firstGrantBeyond } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { loadPermissions } from './permissions';
import { holderIds } from './roles-repository';
import type { AccountsTables } from './tables';

/*
 * "May A act on B" (issue 9 items 3 and 6): the one rule every action on another account
 * goes through: privilege edits, role grants, impersonation, bans and notes on staff.
 * Immunity is effective immunity (the highest of the account's own and its roles'), on
 * both sides, and the actor's must be strictly higher: equals never act on each other.
 * Acting on oneself is not acting on another account (the grant rule still applies).
 */

type Permissions = Principal['permissions'];

export interface Standing {
  userId: string;
  permissions: Permissions;
}

/** The pure rule: strictly higher effective immunity, or the same account. */
export function mayActOn(actor: Standing, target: Standing): boolean {
  if (actor.userId === target.userId) return true;
  return actor.permissions.immunityLevel > target.permissions.immunityLevel;
}

/** Staff: an account holding any flag, permission pattern or immunity (plain members hold none). */
export function isStaff(permissions: Permissions): boolean {
  return permissions.flags !== '' || permissions.codes.length > 0 || permissions.immunityLevel > 0;
}

/** The target's effective standing (own and roles), or null when no such account exists. */
export async function standingOf(db: Kysely<AccountsTables>, userId: string): Promise<Standing | null> {
  const permissions = await loadPermissions(db, userId);
  return permissions ? { userId, permissions } : null;
}

/**
 * 403 TARGET_IMMUNE unless `actor` may act on the account `targetUserId` (a missing
 * account is the caller's 404 to give). `what` names the action for the message.
 */
export async function assertMayActOn(
  db: Kysely<AccountsTables>,
  actor: Principal,
  targetUserId: string,
  what: string,
): Promise<void> {
  const target = await standingOf(db, targetUserId);
  if (!target) return;
  if (!mayActOn(actor, target)) {
    throw new HttpError(
      403,
      'TARGET_IMMUNE',
      `You cannot ${what}: their immunity level (${target.permissions.immunityLevel}) is not below yours (${actor.permissions.immunityLevel})`,
    );
  }
}

/**
 * Changing or removing a role (its name, grants or immunity; deleting it, with or without
 * moving its holders) changes what every holder may do: it is acting on each of them
 * (issue 31 item 5), so the act-on rule above applies to every holder but the caller.
 */
export async function assertMayActOnRoleHolders(
  db: Kysely<AccountsTables>,
  actor: Principal,
  roleId: string,
  what: string,
): Promise<void> {
  for (const userId of await holderIds(db, roleId)) {
    const target = await standingOf(db, userId);
    if (target && !mayActOn(actor, target)) {
      throw new HttpError(
        403,
        'TARGET_IMMUNE',
        `You cannot ${what}: a holder's immunity level (${target.permissions.immunityLevel}) is not below yours (${actor.permissions.immunityLevel})`,
      );
    }
  }
}

/**
 * Bans and notes name a player by SteamID: when that player is a staff account, the
 * act-on rule applies to them (a plain member's account never shields them).
 */
export async function assertMayActOnPlayer(
  db: Kysely<AccountsTables>,
  actor: Principal,
  steamid: string | null | undefined,
  what: string,
): Promise<void> {
  if (!steamid) return;
  const accounts = await db.selectFrom('users').select('id').where('steamid', '=', steamid).execute();
  for (const { id } of accounts) {
    const target = await standingOf(db, id);
    if (target && isStaff(target.permissions) && !mayActOn(actor, target)) {
      throw new HttpError(
        403,
        'TARGET_IMMUNE',
        `You cannot ${what}: this player is staff with an immunity level (${target.permissions.immunityLevel}) not below yours (${actor.permissions.immunityLevel})`,
      );
    }
  }
}

/**
 * Impersonation (item 6): the admin may only become someone whose flags, permission
 * patterns and immunity are all within their own (grant rule + act-on rule), so acting
 * as them can never do more than the admin could.
 */
export async function assertMayImpersonate(
  db: Kysely<AccountsTables>,
  actor: Principal,
  targetUserId: string,
): Promise<void> {
  await assertMayActOn(db, actor, targetUserId, 'impersonate this user');
  const target = await standingOf(db, targetUserId);
  if (!target) return;
  const beyond = firstGrantBeyond(
    { flags: actor.permissions.flags, patterns: actor.permissions.codes },
    { flags: target.permissions.flags, patterns: target.permissions.codes },
  );
  if (beyond) {
    throw new HttpError(
      403,
      'TARGET_HOLDS_MORE',
      `You cannot impersonate this user: they hold a ${beyond} you do not hold`,
    );
  }
}

/** Privilege and role changes are refused while impersonating: they would act with borrowed rights. */
export function assertNotImpersonating(actor: Principal): void {
  if (actor.impersonatorId) {
    throw new HttpError(403, 'IMPERSONATING', 'Stop impersonating before changing privileges or roles');
  }
}
