import type { EVENT_LIST_HALVES, EventSummary } from '@outpost/contracts';
import { getJson, useCan, useHost, useLoad, useT } from '@outpost/host';
import { Button, Card, DateTimeRange, EmptyState, LoadState, PageHeader, Toolbar } from '@outpost/ui';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CalendarFeed } from './calendar-feed';
import { EventFormModal } from './event-form';
import { eventPagePath, eventsListResponseSchema, eventsPath, eventsQuery } from './events-api';
import { PlaceLink } from './place-link';
import { attendanceText, MyAnswerTag, StatusTag } from './rsvp-summary';

type EventListHalf = (typeof EVENT_LIST_HALVES)[number];

function EventCard({ event, now }: { event: EventSummary; now: number }) {
  const t = useT();
  return (
    <li className={event.status === 'cancelled' ? 'event-card is-cancelled' : 'event-card'}>
      <Card>
        <div className="event-card-head">
          <h3 className="event-card-title">
            <Link to={eventPagePath(event)}>{event.title}</Link>
          </h3>
          <StatusTag event={event} now={now} />
          <MyAnswerTag event={event} />
        </div>
        <p className="event-when">
          <DateTimeRange start={event.startsAt} end={event.endsAt} />
        </p>
        <p className="event-meta muted">
          <PlaceLink place={event.place} /> · {t('discuss-events.events.by', { name: event.organiserName })} ·{' '}
          {attendanceText(event, t)}
        </p>
      </Card>
    </li>
  );
}

/**
 * One half of the list: its first page came with the list; "Show more" appends the next page
 * of this half alone (when=…&cursor=…), so a long past never weighs on the upcoming events.
 */
function EventSection({
  half,
  title,
  first,
  firstCursor,
  empty,
  now,
}: {
  half: EventListHalf;
  title: string;
  first: EventSummary[];
  firstCursor: string | null;
  empty: string;
  now: number;
}) {
  const host = useHost();
  const t = useT();
  const [more, setMore] = useState<{ events: EventSummary[]; cursor: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  // A reloaded list starts again from its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new first page is the trigger
  useEffect(() => setMore(null), [first]);
  const events = more ? [...first, ...more.events] : first;
  const cursor = more ? more.cursor : firstCursor;
  const showMore = async () => {
    if (!cursor) return;
    setBusy(true);
    const result = await getJson(host, eventsPath + eventsQuery({ when: half, cursor }), eventsListResponseSchema);
    setBusy(false);
    if (result.status !== 'ready') {
      setFailed(result.status === 'failed' ? result.failure.message : t('discuss-events.events.moreFailed'));
      return;
    }
    setFailed(null);
    const page = result.data;
    setMore({
      events: [...(more?.events ?? []), ...page[half]],
      cursor: half === 'upcoming' ? page.upcomingCursor : page.pastCursor,
    });
  };
  const id = `events-${half}`;
  return (
    <section aria-labelledby={id} className="events-section">
      <PageHeader level={2} title={<span id={id}>{title}</span>} />
      {events.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="event-cards">
          {events.map((event) => (
            <EventCard key={event.id} event={event} now={now} />
          ))}
        </ul>
      )}
      {failed && (
        <p className="error-text" role="alert">
          {failed}
        </p>
      )}
      {cursor && (
        <div className="events-more">
          <Button onClick={showMore} busy={busy}>
            {half === 'upcoming' ? t('discuss-events.events.moreUpcoming') : t('discuss-events.events.morePast')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** /events: upcoming events (soonest first), then past ones; managers create new ones here. */
export function EventsList() {
  const { state, reload } = useLoad(eventsPath, eventsListResponseSchema);
  const canManage = useCan('events.manage');
  const t = useT();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const now = Math.floor(Date.now() / 1000);
  return (
    <>
      {/* The shell's hero already titles the page "Events". */}
      {canManage && (
        <Toolbar
          actions={
            <Button variant="primary" icon="plus" onClick={() => setCreating(true)}>
              {t('discuss-events.events.new')}
            </Button>
          }
        />
      )}
      <LoadState state={state} what={t('discuss-events.events.what')} onRetry={reload}>
        {({ upcoming, past, upcomingCursor, pastCursor }) => (
          <>
            <EventSection
              half="upcoming"
              title={t('discuss-events.events.upcoming')}
              first={upcoming}
              firstCursor={upcomingCursor}
              now={now}
              empty={
                canManage ? t('discuss-events.events.emptyUpcomingManager') : t('discuss-events.events.emptyUpcoming')
              }
            />
            <EventSection
              half="past"
              title={t('discuss-events.events.past')}
              first={past}
              firstCursor={pastCursor}
              now={now}
              empty={t('discuss-events.events.emptyPast')}
            />
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
