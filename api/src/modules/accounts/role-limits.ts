import {
  hasPermission,
  NO_RESTRICTION_LIMITS,
  type RestrictionAct,
  type RestrictionLimits,
  type RoleLimits,
  restrictionRefusal,
} from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { fromJsonColumn } from '../../db/json-column';
import { HttpError } from '../../lib/http-error';
import { withheldRolesOf } from '../../lib/withheld-roles';
import type { Actor } from './actor';
import { findRole, toRoleLimits } from './roles-repository';
import type { AccountsTables } from './tables';

/*
 * Limits per role (issue 25 item 4). A user's limits are the most generous over the roles
 * they hold that carry a power over bans (a role giving only, say, panel.view says nothing
 * about ban lengths and must not widen them). The owner (flag z, own or a role's) has none;
 * neither has a user whose ban powers are all granted to them directly (no such role): the
 * privileges editor that granted them has no limits to set. Every path that gives, lengthens
 * or lifts a restriction asks assertWithinRoleLimits (bans-service: web, plugin, reports,
 * appeals); the rule itself is restrictionRefusal in contracts, which the ban form uses too.
 */

const BAN_POWER_CODES = ['bans.create', 'bans.edit', 'bans.unban'];
/** SourceMod's ban, unban and chat (basecomm's mute/gag) flags: what in-game admins ban with. */
const BAN_POWER_FLAGS = ['d', 'e', 'j'];

export function carriesBanPower(role: { flags: string; codes: string[] }): boolean {
  return (
    BAN_POWER_FLAGS.some((flag) => role.flags.includes(flag)) ||
    BAN_POWER_CODES.some((code) => hasPermission(role.codes, code))
  );
}

function moreGenerous(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : Math.max(a, b);
}

/** The most generous of these roles' limits (the pure half of restrictionLimits). */
export function combineRoleLimits(roles: RoleLimits[]): RestrictionLimits {
  if (roles.length === 0) return NO_RESTRICTION_LIMITS;
  const [first, ...rest] = roles as [RoleLimits, ...RoleLimits[]];
  let ban = first.banMaxSeconds;
  let comm = first.commMaxSeconds;
  for (const role of rest) {
    ban = moreGenerous(ban, role.banMaxSeconds);
    comm = moreGenerous(comm, role.commMaxSeconds);
  }
  const permanent = roles.some((role) => role.mayGivePermanent);
  // Scope: any role without groups frees them all; else the union of the roles' groups.
  const groups = roles.some((role) => !role.banGroupIds)
    ? null
    : [...new Set(roles.flatMap((role) => role.banGroupIds ?? []))].sort();
  return {
    ban: { maxSeconds: ban, permanent: ban === null || permanent },
    comm: { maxSeconds: comm, permanent: comm === null || permanent },
    liftOthers: roles.some((role) => role.mayLiftOthers),
    groups,
  };
}

/** The stricter of two limits, each part on its own (null = no maximum; groups: the common ones). */
function stricter(a: RestrictionLimits, b: RestrictionLimits): RestrictionLimits {
  const shorter = (x: number | null, y: number | null) => (x === null ? y : y === null ? x : Math.min(x, y));
  return {
    ban: { maxSeconds: shorter(a.ban.maxSeconds, b.ban.maxSeconds), permanent: a.ban.permanent && b.ban.permanent },
    comm: {
      maxSeconds: shorter(a.comm.maxSeconds, b.comm.maxSeconds),
      permanent: a.comm.permanent && b.comm.permanent,
    },
    liftOthers: a.liftOthers && b.liftOthers,
    groups: narrower(a.groups ?? null, b.groups ?? null),
  };
}

/** The server groups both allow (null = every group, the community included). */
function narrower(a: string[] | null, b: string[] | null): string[] | null {
  if (a === null) return b;
  if (b === null) return a;
  return a.filter((group) => b.includes(group));
}

export interface HeldRole extends RoleLimits {
  id: string;
  flags: string;
  codes: string[];
}

/** The limits these roles give a user with these own flags (none for the owner, flag z). */
function limitsOfRoles(ownFlags: string, roles: readonly HeldRole[]): RestrictionLimits {
  if (ownFlags.includes('z') || roles.some((role) => role.flags.includes('z'))) return NO_RESTRICTION_LIMITS;
  return combineRoleLimits(roles.filter(carriesBanPower));
}

/**
 * The one rule for roles withheld for a missing second factor (issue 31) in limits per role:
 * withholding only ever takes away. The limits are the stricter of those the user's roles give
 * with the withheld ones and without them: a withheld role can neither widen the limits (a
 * longer ban, a permanent one, lifting others' bans: it grants nothing while withheld) nor,
 * when it was the only role carrying a ban power, leave powers granted directly to the user
 * without the limit it set (no ban-power role would otherwise mean no limits at all). Once the
 * user enrols a factor nothing is withheld and the two are the same.
 */
export function limitsUnderWithholding(
  ownFlags: string,
  roles: readonly HeldRole[],
  withheldRoleIds: readonly string[],
): RestrictionLimits {
  const all = limitsOfRoles(ownFlags, roles);
  if (!roles.some((role) => withheldRoleIds.includes(role.id))) return all;
  const kept = roles.filter((role) => !withheldRoleIds.includes(role.id));
  return stricter(all, limitsOfRoles(ownFlags, kept));
}

/**
 * A user's limits, by limitsUnderWithholding. `withheldRoleIds` defaults to the roles the
 * second-factor policy withholds from the user now (auth's answer). No such user: none (the console).
 */
export async function restrictionLimits(
  db: Kysely<AccountsTables>,
  userId: string,
  withheldRoleIds?: readonly string[],
): Promise<RestrictionLimits> {
  const user = await db.selectFrom('users').select(['flags']).where('id', '=', userId).executeTakeFirst();
  if (!user) return NO_RESTRICTION_LIMITS;
  const [rows, withheld] = await Promise.all([
    db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select([
        'roles.id',
        'roles.flags',
        'roles.permission_codes',
        'roles.ban_max_seconds',
        'roles.comm_max_seconds',
        'roles.may_give_permanent',
        'roles.may_lift_others',
        'roles.ban_group_ids',
      ])
      .where('user_roles.user_id', '=', userId)
      .execute(),
    withheldRoleIds ?? withheldRolesOf(db, userId),
  ]);
  const roles = rows.map((row) => ({
    ...toRoleLimits(row),
    id: row.id,
    flags: row.flags,
    codes: fromJsonColumn<string[]>(row.permission_codes, []),
  }));
  return limitsUnderWithholding(user.flags, roles, withheld);
}

/**
 * What in `role` goes beyond the caller's own limits, or null: nobody gives a role (with a ban
 * power) longer bans, permanent ones, or lifting others' bans that they may not give themselves.
 */
export function limitBeyondCaller(caller: RestrictionLimits, role: RoleLimits): string | null {
  const kinds = [
    ['ban', role.banMaxSeconds, caller.ban],
    ['comm block', role.commMaxSeconds, caller.comm],
  ] as const;
  for (const [what, max, own] of kinds) {
    if (own.maxSeconds === null) continue;
    if (max === null || max > own.maxSeconds) return `longer ${what}s than your own limit`;
    if (role.mayGivePermanent && !own.permanent) return `permanent ${what}s`;
  }
  if (role.mayLiftOthers && !caller.liftOthers) return "lifting others' bans";
  const own = caller.groups ?? null;
  if (own !== null && (!role.banGroupIds || role.banGroupIds.some((group) => !own.includes(group))))
    return 'bans beyond your own server groups';
  return null;
}

/**
 * 403 when one of these roles carries a ban power with limits beyond the caller's own: the
 * roles editor (create, edit, give) and the privileges editor (giving roles) ask here.
 */
export async function assertRolesWithinCallerLimits(
  db: Kysely<AccountsTables>,
  callerUserId: string,
  roles: readonly (string | { flags: string; codes: string[]; limits?: RoleLimits })[],
): Promise<void> {
  let own: RestrictionLimits | null = null;
  for (const entry of roles) {
    const role = typeof entry === 'string' ? await findRole(db, entry) : entry;
    if (!role?.limits || !carriesBanPower(role)) continue;
    own ??= await restrictionLimits(db, callerUserId);
    const beyond = limitBeyondCaller(own, role.limits);
    if (beyond)
      throw new HttpError(403, 'FORBIDDEN', `You cannot give a role ${beyond}: your own roles do not allow it`);
  }
}

/**
 * The one check (issue 25 item 4): 403 with the limit named unless `actor` may give, lengthen
 * or lift this restriction. An actor without an account (the console; an in-game admin no
 * account answers for) is the server acting on its own authority and has no role to limit it.
 */
export async function assertWithinRoleLimits(
  db: Kysely<AccountsTables>,
  actor: Actor,
  act: RestrictionAct,
): Promise<void> {
  if (actor.id === null) return;
  const refusal = restrictionRefusal(await restrictionLimits(db, actor.id), act);
  if (refusal) throw new HttpError(403, refusal.error, refusal.message);
}
