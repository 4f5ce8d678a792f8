import type { EventSummary } from '@outpost/contracts';
import { useCan, useLoad } from '@outpost/host';
import { EmptyState, Icon, LoadState } from '@outpost/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CalendarFeed } from './calendar-feed';
import { EventFormModal } from './event-form';
import { formatEventTime } from './event-time';
import { eventPagePath, eventsListResponseSchema, eventsPath } from './events-api';
import { PlaceLink } from './place-link';
import { attendanceText, MyAnswerTag, StatusTag } from './rsvp-summary';

function EventCard({ event, now }: { event: EventSummary; now: number }) {
  return (
    <li className={event.status === 'cancelled' ? 'event-card is-cancelled' : 'event-card'}>
      <div className="event-card-head">
        <h3 className="event-card-title">
          <Link to={eventPagePath(event)}>{event.title}</Link>
        </h3>
        <StatusTag event={event} now={now} />
        <MyAnswerTag event={event} />
      </div>
      <p className="event-when">
        <Icon name="calendar" /> {formatEventTime(event.startsAt, event.endsAt)}
      </p>
      <p className="event-meta muted">
        <PlaceLink place={event.place} /> · by {event.organiserName} · {attendanceText(event)}
      </p>
    </li>
  );
}

function EventSection({
  title,
  events,
  empty,
  now,
}: {
  title: string;
  events: EventSummary[];
  empty: string;
  now: number;
}) {
  const id = `events-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="events-section">
      <h2 id={id}>{title}</h2>
      {events.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="event-cards">
          {events.map((event) => (
            <EventCard key={event.id} event={event} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** /events: upcoming events (soonest first), then past ones; managers create new ones here. */
export function EventsList() {
  const { state, reload } = useLoad(eventsPath, eventsListResponseSchema);
  const canManage = useCan('events.manage');
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const now = Math.floor(Date.now() / 1000);
  return (
    <>
      <header className="events-header">
        <h1 className="events-title">Events</h1>
        {canManage && (
          <button type="button" className="button" onClick={() => setCreating(true)}>
            <Icon name="plus" /> New event
          </button>
        )}
      </header>
      <LoadState state={state} what="the events" onRetry={reload}>
        {({ upcoming, past }) => (
          <>
            <EventSection
              title="Upcoming"
              events={upcoming}
              now={now}
              empty={canManage ? 'No events planned. Create one to get people together.' : 'No events planned yet.'}
            />
            <EventSection title="Past" events={past} now={now} empty="No past events." />
          </>
        )}
      </LoadState>
      <CalendarFeed />
      {creating && (
        <EventFormModal
          onClose={() => setCreating(false)}
          onSaved={(event) => {
            setCreating(false);
            navigate(eventPagePath(event));
          }}
        />
      )}
    </>
  );
}
