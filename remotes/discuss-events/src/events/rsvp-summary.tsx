import type { EventSummary } from '@outpost/contracts';
import { Tag } from '@outpost/ui';

/** '3 going of 8' (or '3 going'), with the waiting list and maybes when there are any. */
export function attendanceText(event: EventSummary): string {
  const parts = [
    event.capacity === null ? `${event.goingCount} going` : `${event.goingCount} of ${event.capacity} going`,
  ];
  if (event.waitlistCount > 0) parts.push(`${event.waitlistCount} waiting`);
  if (event.maybeCount > 0) parts.push(`${event.maybeCount} maybe`);
  return parts.join(' · ');
}

/** The caller's own answer as a tag; nothing before they answer. */
export function MyAnswerTag({ event }: { event: EventSummary }) {
  if (event.myResponse === 'going')
    return event.myWaitlisted ? <Tag tone="warning">On the waiting list</Tag> : <Tag tone="success">You are going</Tag>;
  if (event.myResponse === 'maybe') return <Tag tone="light">You might go</Tag>;
  if (event.myResponse === 'not_going') return <Tag tone="muted">You are not going</Tag>;
  return null;
}

export function StatusTag({ event, now }: { event: EventSummary; now: number }) {
  if (event.status === 'cancelled') return <Tag tone="danger">Cancelled</Tag>;
  if (event.startsAt <= now && now < event.endsAt) return <Tag tone="accent">Happening now</Tag>;
  if (event.capacity !== null && event.goingCount >= event.capacity && event.endsAt > now)
    return <Tag tone="warning">Full</Tag>;
  return null;
}
