import { eventBus } from './event-bus';
import type { EventPayloads } from './events';

// What happened in the community that outside parties may hear about (issue 15: Discord
// webhooks). A module that does something raises it on the event bus (lib/event-bus.ts);
// the panel's webhooks listen and queue deliveries (lib/events.ts lists who hears what).

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

/** Says it happened (on the event bus, under its kind). Listeners never throw into the caller. */
export function raiseCommunityEvent(db: object, event: CommunityEvent): void {
  // The kind names the payload type; a CommunityEvent of that kind is that payload.
  eventBus(db).emit(event.kind, event as EventPayloads[CommunityEventKind] as never);
}
