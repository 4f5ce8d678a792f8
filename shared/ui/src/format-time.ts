/** SPEC 8: what a date that cannot be read shows as. */
export const INVALID_DATE = '<invalid date>';

/** Timestamps from the API are seconds since the epoch; a Date is taken as it is. */
export type Timestamp = number | Date | null | undefined;

function toDate(value: Timestamp): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value * 1000);
  return Number.isFinite(date.getTime()) ? date : null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** SPEC 9: ISO date plus ' at ' and short local time, e.g. '2026-11-22 at 14:05'. */
export function formatDate(value: Timestamp): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  const isoDate = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return `${isoDate} at ${time}`;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * SPEC 9 relative times: 'just now'; seconds under a minute; '1 minute ago' under 120 s;
 * minutes under an hour; '1 hour ago' under 2 h; hours under a day; 'yesterday'; days
 * under a week; weeks under 31 days; then months and years.
 */
export function formatRelativeTime(value: Timestamp, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  // Clock skew between browser and server can put a fresh timestamp slightly in the future.
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  if (seconds < 5) return 'just now';
  if (seconds < MINUTE) return `${seconds} seconds ago`;
  if (seconds < 2 * MINUTE) return '1 minute ago';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)} minutes ago`;
  if (seconds < 2 * HOUR) return '1 hour ago';
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)} hours ago`;
  const days = Math.floor(seconds / DAY);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  if (days < 31) return plural(Math.floor(days / 7), 'week');
  if (days < 365) return plural(Math.max(1, Math.floor(days / 30)), 'month');
  return plural(Math.floor(days / 365), 'year');
}

/** Both at once, as the settings tables show them: '2026-11-22 at 14:05 (3 hours ago)'. */
export function formatDateWithRelative(value: Timestamp, now?: Date): string {
  const absolute = formatDate(value);
  return absolute === INVALID_DATE ? absolute : `${absolute} (${formatRelativeTime(value, now)})`;
}
