// zod/mini: this schema travels in the profile answer, which the shell's first load checks.
import { z } from 'zod/mini';
import type { BanType } from './players-bans-notes-bans';

// Limits per role (issue 25 item 4): how long a ban or comm block (mute, gag, silence) a
// role's holders may give, whether they may give one for ever, and whether they may lift
// bans other staff gave. One rule, here, serves the API's check (every path that bans or
// lifts) and the ban form (which offers only what the user may give).

/** The longest restriction of one kind; maxSeconds null = no limit (permanent included). */
export const lengthLimitSchema = z.object({
  maxSeconds: z.nullable(z.int()),
  /** Whether a permanent one may be given although maxSeconds is set. */
  permanent: z.boolean(),
});
export type LengthLimit = z.infer<typeof lengthLimitSchema>;

/** A user's limits: the most generous over their roles; none for the owner (flag z). */
export const restrictionLimitsSchema = z.object({
  ban: lengthLimitSchema,
  /** Mute, gag and silence. */
  comm: lengthLimitSchema,
  /** Whether they may lift (or, through an appeal, lift) a ban another admin gave. */
  liftOthers: z.boolean(),
  /**
   * The server groups their bans are held to (issue 25 item 3): a ban or comm block on one of
   * these groups or one of its servers only. Null or absent: any scope, the community included.
   */
  groups: z.optional(z.nullable(z.array(z.string()))),
});
export type RestrictionLimits = z.infer<typeof restrictionLimitsSchema>;

export const NO_RESTRICTION_LIMITS: RestrictionLimits = {
  ban: { maxSeconds: null, permanent: true },
  comm: { maxSeconds: null, permanent: true },
  liftOthers: true,
  groups: null,
};

export function limitFor(limits: RestrictionLimits, type: BanType): LengthLimit {
  return type === 'ban' ? limits.ban : limits.comm;
}

/** Whether a restriction of this length (seconds; null = permanent) is within the limit. */
export function lengthAllowed(limit: LengthLimit, length: number | null): boolean {
  if (limit.maxSeconds === null) return true;
  return length === null ? limit.permanent : length <= limit.maxSeconds;
}

/** Whether `next` is longer than `previous` (null = permanent, the longest). */
export function lengthens(previous: number | null, next: number | null): boolean {
  if (previous === null) return false;
  return next === null || next > previous;
}

/** A length as words for the refusal: "1 day", "36 hours", "90 minutes". */
export function describeLimitLength(seconds: number): string {
  const units: [number, string][] = [
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units) {
    if (seconds >= size && seconds % size === 0) {
      const count = seconds / size;
      return `${count} ${unit}${count === 1 ? '' : 's'}`;
    }
  }
  return `${seconds} seconds`;
}

/**
 * A restriction's scope as the limits see it: the community, or the server group it lies in
 * (a group's own id; for a server, the group the server belongs to).
 */
export type ScopeReach = { kind: 'community' } | { kind: 'group' | 'server'; groupId: string };

export type RestrictionAct =
  /** Give a restriction, or (with `previous`) change the length of one: only lengthening is checked. */
  | { kind: 'give'; type: BanType; length: number | null; previous?: number | null; scope?: ScopeReach }
  /** Lift a restriction; `own` when the lifter gave it. */
  | { kind: 'lift'; own: boolean; scope?: ScopeReach };

export interface RestrictionRefusal {
  error: 'LENGTH_OVER_ROLE_LIMIT' | 'PERMANENT_NOT_ALLOWED' | 'LIFT_OTHERS_NOT_ALLOWED' | 'SCOPE_NOT_ALLOWED';
  message: string;
}

/** Whether a restriction of this scope lies within the groups the limits hold bans to. */
export function scopeAllowed(limits: RestrictionLimits, scope: ScopeReach): boolean {
  const groups = limits.groups ?? null;
  if (groups === null) return true;
  return scope.kind !== 'community' && groups.includes(scope.groupId);
}

/** Null when the act is within the limits, else why not, naming the limit. */
export function restrictionRefusal(limits: RestrictionLimits, act: RestrictionAct): RestrictionRefusal | null {
  if (act.scope && !scopeAllowed(limits, act.scope)) {
    return {
      error: 'SCOPE_NOT_ALLOWED',
      message:
        act.scope.kind === 'community'
          ? 'Your roles hold your bans to some server groups: choose one of them or one of their servers, not all servers'
          : 'Your roles do not let you act on bans in this server group or on its servers',
    };
  }
  if (act.kind === 'lift') {
    if (act.own || limits.liftOthers) return null;
    return {
      error: 'LIFT_OTHERS_NOT_ALLOWED',
      message: 'Your roles do not let you lift bans other admins gave; only your own',
    };
  }
  if (act.previous !== undefined && !lengthens(act.previous, act.length)) return null;
  const limit = limitFor(limits, act.type);
  if (lengthAllowed(limit, act.length)) return null;
  const what = act.type === 'ban' ? 'bans' : 'comm blocks (mute, gag, silence)';
  const most = describeLimitLength(limit.maxSeconds as number);
  if (act.length === null) {
    return {
      error: 'PERMANENT_NOT_ALLOWED',
      message: `Your roles do not let you give permanent ${what}: at most ${most}`,
    };
  }
  return {
    error: 'LENGTH_OVER_ROLE_LIMIT',
    message: `Your roles let you give ${what} of at most ${most}; ${describeLimitLength(act.length)} is longer`,
  };
}

/** The limits a role editor offers, shortest first (a role may hold any length the API takes). */
export const LIMIT_LENGTH_CHOICES: readonly { label: string; seconds: number }[] = [
  { label: '1 hour', seconds: 3600 },
  { label: '1 day', seconds: 86400 },
  { label: '3 days', seconds: 3 * 86400 },
  { label: '1 week', seconds: 7 * 86400 },
  { label: '2 weeks', seconds: 14 * 86400 },
  { label: '30 days', seconds: 30 * 86400 },
  { label: '1 year', seconds: 365 * 86400 },
];
