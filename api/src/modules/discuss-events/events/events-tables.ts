import type { Generated } from 'kysely';

// Row types of the events half of the discuss-events module (migration 2026-11-22-1350);
// ../tables.ts composes them into DiscussEventsTables.

export interface EventsTable {
  id: Generated<number>;
  title: string;
  /** Markdown source. */
  description: string;
  /** Seconds since the epoch (UTC). */
  starts_at: number;
  ends_at: number;
  group_id: string | null;
  server_id: string | null;
  organiser_id: string | null;
  organiser_name: string;
  /** Most people going; null: no limit. */
  capacity: number | null;
  status: 'scheduled' | 'cancelled';
  /** RFC 5545 SEQUENCE: bumped on every change calendar apps should pick up. */
  sequence: Generated<number>;
  created_at: number;
  updated_at: number;
  /** When the start-within-the-hour reminder was claimed (by one instance); null: not yet. */
  reminded_at: number | null;
}

export interface EventRsvpsTable {
  event_id: number;
  user_id: string;
  user_name: string;
  response: 'going' | 'maybe' | 'not_going';
  /** 1: answered going while the event was full; promoted oldest answer first. */
  waitlisted: Generated<number>;
  responded_at: number;
  /** Order of answers within the event; the waiting list is promoted in this order. */
  answer_order: number;
}

export interface EventFeedTokensTable {
  user_id: string;
  /** sha256 of the feed secret; the secret itself is shown once and never stored. */
  token_hash: string;
  created_at: number;
}

export interface EventsTables {
  events: EventsTable;
  event_rsvps: EventRsvpsTable;
  event_feed_tokens: EventFeedTokensTable;
}
