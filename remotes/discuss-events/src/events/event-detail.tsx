import type { EventAttendee, EventDetail } from '@outpost/contracts';
import { useCan, useHost, useLoad, useT } from '@outpost/host';
import {
  Button,
  ButtonLink,
  Card,
  ConfirmDialog,
  DateTimeRange,
  DescriptionList,
  EmptyState,
  Icon,
  LoadState,
  Markdown,
  PageHeader,
  RelativeTime,
  viewerTimeZone,
} from '@outpost/ui';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { RouterButtonLink } from '../common/router-button-link';
import { EventFormModal } from './event-form';
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
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const now = Math.floor(Date.now() / 1000);
  const open = event.status !== 'cancelled' && event.endsAt > now;
  const nobody = event.going.length + event.maybe.length + event.notGoing.length + event.waitlist.length === 0;
  return (
    <article className="event-detail" aria-labelledby="event-title">
      <PageHeader
        title={<span id="event-title">{event.title}</span>}
        description={
          <span className="event-tags">
            <StatusTag event={event} now={now} />
            <MyAnswerTag event={event} />
          </span>
        }
        back={
          <Link to="/events">
            <Icon name="previous" /> {t('discuss-events.event.all')}
          </Link>
        }
        actions={
          <>
            {/* A download, not a page of the app: target _self keeps the host's router out of it. */}
            <ButtonLink href={eventIcsPath(event.id)} download={`${event.slug}.ics`} target="_self" icon="calendar">
              {t('discuss-events.event.ics')}
            </ButtonLink>
            {canManage && event.status !== 'cancelled' && (
              <>
                <Button icon="edit" onClick={() => setEditing(true)}>
                  {t('discuss-events.common.edit')}
                </Button>
                <Button icon="close" variant="danger" onClick={() => setCancelling(true)}>
                  {t('discuss-events.event.cancel')}
                </Button>
              </>
            )}
          </>
        }
      />
      <Card>
        <DescriptionList
          items={[
            {
              term: t('discuss-events.event.when'),
              value: (
                <>
                  <DateTimeRange start={event.startsAt} end={event.endsAt} />
                  <span className="muted"> · {t('discuss-events.event.yourZone', { zone: viewerTimeZone() })}</span>
                </>
              ),
            },
            { term: t('discuss-events.event.where'), value: <PlaceLink place={event.place} /> },
            { term: t('discuss-events.event.organiser'), value: event.organiserName },
            {
              term: t('discuss-events.event.places'),
              value: event.capacity === null ? t('discuss-events.event.noLimit') : event.capacity,
            },
            { term: t('discuss-events.event.attendance'), value: attendanceText(event, t) },
            ...(event.updatedAt > event.createdAt
              ? [{ term: t('discuss-events.event.changed'), value: <RelativeTime value={event.updatedAt} /> }]
              : []),
          ]}
        />
      </Card>
      {event.description.trim() && (
        <Card>
          <Markdown text={event.description} className="event-description" />
        </Card>
      )}
      {open ? (
        <RsvpButtons event={event} onChanged={onChanged} />
      ) : (
        <p className="muted">
          {event.status === 'cancelled' ? t('discuss-events.event.wasCancelled') : t('discuss-events.event.isOver')}
        </p>
      )}
      <Card title={t('discuss-events.event.whoIsComing')}>
        {nobody ? (
          <EmptyState>{t('discuss-events.event.nobody')}</EmptyState>
        ) : (
          <div className="attendee-lists">
            <AttendeeList title={t('discuss-events.event.listGoing')} people={event.going} />
            <AttendeeList title={t('discuss-events.event.listWaiting')} people={event.waitlist} ordered />
            <AttendeeList title={t('discuss-events.event.listMaybe')} people={event.maybe} />
            <AttendeeList title={t('discuss-events.event.listNotGoing')} people={event.notGoing} />
          </div>
        )}
      </Card>
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
          title={t('discuss-events.event.cancelTitle', { title: event.title })}
          confirmLabel={t('discuss-events.event.cancel')}
          cancelLabel={t('discuss-events.event.keep')}
          danger
          onCancel={() => setCancelling(false)}
          onConfirm={async () => {
            const result = await cancelEvent(host, event.id);
            setCancelling(false);
            if (result.ok && result.data !== true) onChanged(result.data);
          }}
        >
          {t('discuss-events.event.cancelText')}
        </ConfirmDialog>
      )}
    </article>
  );
}

/** /events/:id/:title?: one event; a missing or wrong title slug is corrected in the URL. */
export function EventDetailPage() {
  const { id = '' } = useParams();
  const t = useT();
  if (!/^\d{1,15}$/.test(id))
    return (
      <EmptyState action={<RouterButtonLink to="/events">{t('discuss-events.event.all')}</RouterButtonLink>}>
        {t('discuss-events.event.badId')}
      </EmptyState>
    );
  // Keyed by id: another event starts from a clean state.
  return <EventLoader key={id} id={Number(id)} />;
}

function EventLoader({ id }: { id: number }) {
  const { title } = useParams();
  const t = useT();
  const { state, reload } = useLoad(eventPath(id), eventDetailSchema);
  const [changed, setChanged] = useState<EventDetail | null>(null);
  const navigate = useNavigate();
  const event = changed ?? (state.status === 'ready' ? state.data : null);
  useEffect(() => {
    if (event && title !== event.slug) navigate(eventPagePath(event), { replace: true });
  }, [event, title, navigate]);
  return (
    <LoadState state={state} what={t('discuss-events.event.what')} onRetry={reload}>
      {() => (event ? <EventView event={event} onChanged={setChanged} /> : null)}
    </LoadState>
  );
}
