import { EventEmitter } from 'node:events';

// What happened in the community that outside parties may hear about (issue 15: Discord
// webhooks). A module that does something says so here; the panel's webhooks listen and
// queue deliveries. Neither imports the other. One emitter per database handle, so two
// apps in one test process never hear each other (as lib/server-events.ts).

export const COMMUNITY_EVENT_KINDS = [
  'ban.created',
  'ban.lifted',
  'appeal.opened',
  'appeal.decided',
  'report.filed',
  'server.offline',
  'server.online',
  'instance.created',
  'announcement',
] as const;
export type CommunityEventKind = (typeof COMMUNITY_EVENT_KINDS)[number];

export interface CommunityEvent {
  kind: CommunityEventKind;
  /**
   * Names this happening once (e.g. `ban.created:42`, `appeal.decided:7:accepted`): a
   * webhook delivers each key at most once, however often it is raised.
   */
  key: string;
  /** One line, plain text (the embed title), e.g. `Ban: Player (STEAM_0:1:23)`. */
  title: string;
  /** Plain text, may be empty (the embed description); never secrets, never staff-only text. */
  text: string;
  /** Short name/value pairs shown in the embed (reason, length, admin, server…). */
  fields: { name: string; value: string }[];
  /** Site-relative path of the page about it (`/bans/42`), made absolute with PUBLIC_URL. */
  path: string;
  /** Seconds since the epoch. */
  at: number;
}

interface CommunityEventMap {
  event: [CommunityEvent];
}

const emitters = new WeakMap<object, EventEmitter<CommunityEventMap>>();

export function communityEvents(db: object): EventEmitter<CommunityEventMap> {
  let emitter = emitters.get(db);
  if (!emitter) {
    emitter = new EventEmitter<CommunityEventMap>();
    emitter.setMaxListeners(50);
    emitters.set(db, emitter);
  }
  return emitter;
}

/** Says it happened. Listeners must not throw into the caller; a failing one is only logged. */
export function raiseCommunityEvent(db: object, event: CommunityEvent): void {
  try {
    communityEvents(db).emit('event', event);
  } catch (error) {
    console.error('[outpost] a community event listener failed', error);
  }
}
