import { formatDate } from '@outpost/ui';

// Event times arrive in UTC seconds and are shown in the viewer's own time zone, in the
// SPEC 9 date format (the kit's formatDate: ISO date ' at ' short local time).

/** The viewer's IANA time zone, e.g. 'America/Los_Angeles' (what the form's times mean). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The zone's short name at that moment, e.g. 'PST' or 'GMT+10' (DST-aware: it can differ between start and end). */
export function zoneNameAt(seconds: number): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(new Date(seconds * 1000));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

function localDay(seconds: number): string {
  return formatDate(seconds).split(' at ')[0] ?? '';
}

/**
 * '2026-12-01 at 20:00 – 22:00 (PST)', or with both dates when the event crosses midnight
 * (in the viewer's zone), and both zone names when a DST change falls inside it.
 */
export function formatEventTime(startsAt: number, endsAt: number): string {
  const start = formatDate(startsAt);
  const end = formatDate(endsAt);
  const startZone = zoneNameAt(startsAt);
  const endZone = zoneNameAt(endsAt);
  const endText = localDay(startsAt) === localDay(endsAt) ? (end.split(' at ')[1] ?? end) : end;
  if (startZone === endZone) return `${start} – ${endText} (${startZone})`;
  return `${start} (${startZone}) – ${endText} (${endZone})`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Seconds as a datetime-local input value in the viewer's zone: 'YYYY-MM-DDTHH:mm'. */
export function toLocalInput(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local value read in the viewer's zone, as UTC seconds; null when it is not a
 * time. A wall time that does not exist (skipped by a DST change) moves forward, as the
 * clocks did.
 */
export function fromLocalInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute);
  return Number.isFinite(date.getTime()) ? Math.floor(date.getTime() / 1000) : null;
}
