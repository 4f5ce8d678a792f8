import type { EventSummary } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { Tag } from '@outpost/ui';

type T = ReturnType<typeof useT>;

/** '3 going of 8' (or '3 going'), with the waiting list and maybes when there are any. */
export function attendanceText(event: EventSummary, t: T): string {
  const parts = [
    event.capacity === null
      ? t('discuss-events.attendance.going', { going: event.goingCount })
      : t('discuss-events.attendance.goingOf', { going: event.goingCount, capacity: event.capacity }),
  ];
  if (event.waitlistCount > 0) parts.push(t('discuss-events.attendance.waiting', { count: event.waitlistCount }));
  if (event.maybeCount > 0) parts.push(t('discuss-events.attendance.maybe', { count: event.maybeCount }));
  return parts.join(' · ');
}

/** The caller's own answer as a tag; nothing before they answer. */
export function MyAnswerTag({ event }: { event: EventSummary }) {
  const t = useT();
  if (event.myResponse === 'going')
    return event.myWaitlisted ? (
      <Tag tone="warning">{t('discuss-events.answer.waitlisted')}</Tag>
    ) : (
      <Tag tone="success">{t('discuss-events.answer.going')}</Tag>
    );
  if (event.myResponse === 'maybe') return <Tag tone="light">{t('discuss-events.answer.maybe')}</Tag>;
  if (event.myResponse === 'not_going') return <Tag tone="muted">{t('discuss-events.answer.notGoing')}</Tag>;
  return null;
}

export function StatusTag({ event, now }: { event: EventSummary; now: number }) {
  const t = useT();
  if (event.status === 'cancelled') return <Tag tone="danger">{t('discuss-events.status.cancelled')}</Tag>;
  if (event.startsAt <= now && now < event.endsAt) return <Tag tone="accent">{t('discuss-events.status.now')}</Tag>;
  if (event.capacity !== null && event.goingCount >= event.capacity && event.endsAt > now)
    return <Tag tone="warning">{t('discuss-events.status.full')}</Tag>;
  return null;
}
