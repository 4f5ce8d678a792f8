import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { EventRow } from './events-repository';
import { eventLink } from './events-service';

// iCalendar (RFC 5545) output through ical-generator: it escapes text, folds lines at 75
// octets with CRLF, and writes DTSTART/DTEND/DTSTAMP in UTC ('Z') when no time zone is given,
// which every calendar app shows in its own zone.

export interface IcsOptions {
  /** PUBLIC_URL: the origin of each event's URL and the domain of its UID. */
  publicUrl: string;
  /** The calendar's name (X-WR-CALNAME), shown by calendar apps for a subscribed feed. */
  name: string;
}

/** A stable, globally unique id per event: calendar apps match updates (SEQUENCE) on it. */
export function eventUid(eventId: number, publicUrl: string): string {
  return `event-${eventId}@${new URL(publicUrl).host}`;
}

export function eventsCalendar(events: EventRow[], options: IcsOptions): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Outpost', product: 'Outpost events', language: 'EN' },
    // PUBLISH: a plain published calendar (not a meeting request that asks for a reply).
    method: ICalCalendarMethod.PUBLISH,
  });
  const origin = new URL(options.publicUrl).origin;
  for (const event of events) {
    calendar.createEvent({
      id: eventUid(event.id, options.publicUrl),
      sequence: event.sequence,
      // DTSTAMP: when this version of the event was last changed.
      stamp: new Date(event.updated_at * 1000),
      lastModified: new Date(event.updated_at * 1000),
      created: new Date(event.created_at * 1000),
      start: new Date(event.starts_at * 1000),
      end: new Date(event.ends_at * 1000),
      summary: event.title,
      description: event.description,
      url: `${origin}${eventLink(event)}`,
      organizer: null,
      status: event.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
