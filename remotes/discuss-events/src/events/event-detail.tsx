import type { EventAttendee, EventDetail } from '@outpost/contracts';
import { useCan, useHost, useLoad } from '@outpost/host';
import { ConfirmDialog, EmptyState, Icon, LoadState, Markdown, RelativeTime } from '@outpost/ui';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EventFormModal } from './event-form';
import { formatEventTime, viewerTimeZone } from './event-time';
import { cancelEvent, eventDetailSchema, eventIcsPath, eventPagePath, eventPath } from './events-api';
import { PlaceLink } from './place-link';
import { RsvpButtons } from './rsvp-buttons';
import { attendanceText, MyAnswerTag, StatusTag } from './rsvp-summary';

function AttendeeList({ title, people, ordered }: { title: string; people: EventAttendee[]; ordered?: boolean }) {
  if (people.length === 0) return null;
  const items = people.map((person) => <li key={person.userId}>{person.name}</li>);
  return (
    <div className="attendee-list">
      <h3>
        {title} ({people.length})
      </h3>
      {ordered ? <ol>{items}</ol> : <ul>{items}</ul>}
    </div>
  );
}

function EventView({ event, onChanged }: { event: EventDetail; onChanged(event: EventDetail): void }) {
  const host = useHost();
  const canManage = useCan('events.manage');
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const now = Math.floor(Date.now() / 1000);
  const open = event.status !== 'cancelled' && event.endsAt > now;
  const nobody = event.going.length + event.maybe.length + event.notGoing.length + event.waitlist.length === 0;
  return (
    <article className="event-detail" aria-labelledby="event-title">
      <p className="event-back">
        <Link to="/events">
          <Icon name="previous" /> All events
        </Link>
      </p>
      <header className="event-detail-head">
        <h1 id="event-title" className="events-title">
          {event.title}
        </h1>
        <StatusTag event={event} now={now} />
        <MyAnswerTag event={event} />
      </header>
      <dl className="event-facts">
        <div>
          <dt>When</dt>
          <dd>
            {formatEventTime(event.startsAt, event.endsAt)}
            <span className="muted"> · your time zone, {viewerTimeZone()}</span>
          </dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>
            <PlaceLink place={event.place} />
          </dd>
        </div>
        <div>
          <dt>Organiser</dt>
          <dd>{event.organiserName}</dd>
        </div>
        <div>
          <dt>Places</dt>
          <dd>{event.capacity === null ? 'No limit' : event.capacity}</dd>
        </div>
        <div>
          <dt>Attendance</dt>
          <dd>{attendanceText(event)}</dd>
        </div>
        {event.updatedAt > event.createdAt && (
          <div>
            <dt>Changed</dt>
            <dd>
              <RelativeTime value={event.updatedAt} />
            </dd>
          </div>
        )}
      </dl>
      <div className="event-actions">
        <a className="button is-light" href={eventIcsPath(event.id)} download={`${event.slug}.ics`}>
          <Icon name="calendar" /> Add to calendar (.ics)
        </a>
        {canManage && event.status !== 'cancelled' && (
          <>
            <button type="button" className="button is-light" onClick={() => setEditing(true)}>
              <Icon name="edit" /> Edit
            </button>
            <button type="button" className="button is-light" onClick={() => setCancelling(true)}>
              <Icon name="close" /> Cancel event
            </button>
          </>
        )}
      </div>
      {event.description.trim() && <Markdown text={event.description} className="event-description" />}
      {open ? (
        <RsvpButtons event={event} onChanged={onChanged} />
      ) : (
        <p className="muted">{event.status === 'cancelled' ? 'This event was cancelled.' : 'This event is over.'}</p>
      )}
      <section className="attendees" aria-labelledby="attendees-title">
        <h2 id="attendees-title">Who is coming</h2>
        {nobody ? (
          <EmptyState>Nobody has answered yet.</EmptyState>
        ) : (
          <div className="attendee-lists">
            <AttendeeList title="Going" people={event.going} />
            <AttendeeList title="Waiting list" people={event.waitlist} ordered />
            <AttendeeList title="Maybe" people={event.maybe} />
            <AttendeeList title="Not going" people={event.notGoing} />
          </div>
        )}
      </section>
      {editing && (
        <EventFormModal
          event={event}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            onChanged(saved);
          }}
        />
      )}
      {cancelling && (
        <ConfirmDialog
          title={`Cancel ${event.title}?`}
          confirmLabel="Cancel event"
          cancelLabel="Keep it"
          danger
          onCancel={() => setCancelling(false)}
          onConfirm={async () => {
            const result = await cancelEvent(host, event.id);
            setCancelling(false);
            if (result.ok && result.data !== true) onChanged(result.data);
          }}
        >
          Everyone who answered going or maybe is told. Calendars that have the event show it as cancelled.
        </ConfirmDialog>
      )}
    </article>
  );
}

/** /events/:id/:title?: one event; a missing or wrong title slug is corrected in the URL. */
export function EventDetailPage() {
  const { id = '' } = useParams();
  if (!/^\d{1,15}$/.test(id)) return <EmptyState>No event has this address.</EmptyState>;
  // Keyed by id: another event starts from a clean state.
  return <EventLoader key={id} id={Number(id)} />;
}

function EventLoader({ id }: { id: number }) {
  const { title } = useParams();
  const { state, reload } = useLoad(eventPath(id), eventDetailSchema);
  const [changed, setChanged] = useState<EventDetail | null>(null);
  const navigate = useNavigate();
  const event = changed ?? (state.status === 'ready' ? state.data : null);
  useEffect(() => {
    if (event && title !== event.slug) navigate(eventPagePath(event), { replace: true });
  }, [event, title, navigate]);
  return (
    <LoadState state={state} what="the event" onRetry={reload}>
      {() => (event ? <EventView event={event} onChanged={setChanged} /> : null)}
    </LoadState>
  );
}
