import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CommunityEvent, CommunityEventKind } from './community-events';
import type { InstanceOutcome, SweepFinished } from './server-events';

// Every event one module raises and another hears, in one file (issue 23): the kind, its
// payload type, and who listens. "Who hears ban.created?" is answered by LISTENERS below;
// eventBus(db).on refuses (at compile time and at run time) a listener not named there.
// The raiser imports neither the listener nor this list's modules: only lib/.

/** The payload of each event kind. */
export type EventPayloads = { [K in CommunityEventKind]: CommunityEvent & { kind: K } } & {
  /** The servers module's status sweep ended (every swept server's state). */
  'sweep.finished': SweepFinished;
  /** A provisioned instance was created, or failed. */
  'instance.outcome': InstanceOutcome;
  /**
   * accounts is deleting a role, inside its transaction (`db` is the transaction): what
   * refers to the role elsewhere goes with it, or nothing does. Heard with `settle`.
   */
  'role.deleting': { db: Kysely<Database>; roleId: string };
  /**
   * A ban or comm block (mute, gag, silence) was created or lifted, by any path (web, API, in
   * game, a report or appeal decision), after its commit: servers where the player is connected
   * act on it at once (issue 25 item 2).
   */
  'restriction.changed': RestrictionChanged;
  /**
   * A warning was given, by any path (web, in game, Discord), after its commit: servers where
   * the player is connected show it to them at once (issue 25 item 2).
   */
  'warning.created': WarningCreated;
  /**
   * A report group or an appeal was filed, claimed, released, assigned or decided (web, game or
   * Discord), after its commit: the staff channel's message about it is posted or edited (issue 26).
   */
  'staff-item.changed': StaffItemChanged;
  /**
   * These accounts' roles, or their Discord link, changed (a role given or taken, privileges
   * replaced, a role deleted; Discord linked or unlinked), after the commit: Discord role sync
   * (issue 26 item 5) recomputes what they should hold in the guild.
   */
  'member-roles.changed': { userIds: string[] };
  /** A dangerous action was refused for want of a recent second-factor proof (audited). Heard with `settle`. */
  'step-up.refused': { request: FastifyRequest; message: string };
};
export type EventKind = keyof EventPayloads;

export interface RestrictionChanged {
  action: 'created' | 'lifted';
  banId: number;
  type: 'ban' | 'mute' | 'gag' | 'silence';
  /** SteamID64; null for an IP-only restriction. */
  steamid: string | null;
  reason: string;
  /** Seconds since the epoch; null = permanent. */
  expiresAt: number | null;
  /** Where it applies (issue 25 item 3); absent = the whole community. */
  scope?: { kind: 'community' | 'group' | 'server'; id: string | null };
}

export interface StaffItemChanged {
  kind: 'report' | 'appeal';
  /** The report group's id, or the appeal's. */
  id: number;
}

export interface WarningCreated {
  warningId: number;
  /** SteamID64. */
  steamid: string;
  reason: string;
  /** Who gave it (an account's name, an in-game admin's, or 'Console'). */
  authorName: string;
  /** The player's active warnings, this one included. */
  activeCount: number;
  /** Seconds since the epoch; null = never expires. */
  expiresAt: number | null;
}

const WEBHOOKS = ['panel/webhooks'] as const;

/** Every listener of every event: module (or module/sub-feature) names. */
export const LISTENERS = {
  'ban.created': WEBHOOKS,
  'ban.lifted': WEBHOOKS,
  'appeal.opened': WEBHOOKS,
  'appeal.decided': WEBHOOKS,
  'report.filed': WEBHOOKS,
  'server.offline': WEBHOOKS,
  'server.online': WEBHOOKS,
  'instance.created': WEBHOOKS,
  announcement: WEBHOOKS,
  'sweep.finished': ['panel/alerts', 'panel/health', 'players/sessions'],
  'instance.outcome': ['panel/alerts'],
  'role.deleting': ['game'],
  'restriction.changed': ['game/enforcement', 'federation'],
  'warning.created': ['game/enforcement'],
  'step-up.refused': ['auth'],
  'staff-item.changed': ['discord/staff-channel'],
  'member-roles.changed': ['discord/role-sync'],
} as const satisfies { [K in EventKind]: readonly string[] };
export type ListenerOf<K extends EventKind> = (typeof LISTENERS)[K][number];
