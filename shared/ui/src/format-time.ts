import { i18n } from '@outpost/host';

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

/**
 * The active locale when it is not English (issue 27): dates, times and relative times are then
 * Intl's in that locale ('06.12.2026, 07:53', 'vor 3 Stunden'), never our English pattern with
 * its words. English keeps the SPEC 9 text to the byte.
 */
function foreign(): string | null {
  return i18n.locale && i18n.locale !== 'en' ? i18n.locale : null;
}
const DATE_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** The ISO date in the viewer's time zone, '2026-11-22': what an input's value and day comparisons use. */
function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The date in the viewer's time zone, e.g. '2026-11-22' (for a day without a time); '22.11.2026' in German. */
export function formatDay(value: Timestamp): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  const locale = foreign();
  return locale ? date.toLocaleDateString(locale, DATE_PARTS) : isoDay(date);
}

/**
 * SPEC 9: ISO date plus ' at ' and short local time, e.g. '2026-11-22 at 14:05' (the time as the
 * viewer's locale writes it, in their time zone). The ONE absolute format: remotes use it (or
 * <DateTime>), never toLocaleString or Intl themselves.
 */
export function formatDate(value: Timestamp): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  const locale = foreign();
  return locale ? wallClock(date, locale, DATE_TIME) : `${formatDay(date)} at ${formatClock(date)}`;
}

/**
 * The short local time alone, as the viewer's locale writes it ('14:05' or '02:05 PM'): the time
 * part of formatDate (DateTime keeps it on one line).
 */
export function formatClock(value: Timestamp): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  return wallClock(date, foreign(), CLOCK);
}

const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE_PARTS, ...CLOCK };
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * What `date.toLocaleString(locale ?? [], options)` writes, from one formatter per locale and
 * options: toLocale*String builds a new one each call, ~0.2 ms, 50 for a table of dates (issue
 * 30: /admin/bans). The formatter reads in UTC the moment moved by the viewer's offset then (its
 * wall-clock time), so it follows the viewer's zone even when that changes (Node re-reads TZ).
 */
function wallClock(date: Date, locale: string | null, options: Intl.DateTimeFormatOptions): string {
  const key = `${options === CLOCK ? 'clock' : 'date-time'} ${locale ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale ?? [], { ...options, timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter.format(date.getTime() - date.getTimezoneOffset() * 60_000);
}

/** A whole hour of the day (0–23) as formatClock writes it, '14:00' or '02:00 PM' (a heat map's hours). */
export function formatHour(hour: number): string {
  return formatClock(new Date(2000, 0, 1, hour));
}

/**
 * A day of the week named in `locale` (the panel's active one, useLocale), 0 = Monday as the
 * API counts them: 'Monday' / 'Mon', 'Montag' / 'Mo.', 'понедельник' / 'пн'.
 */
export function formatWeekday(weekday: number, locale: string, style: 'long' | 'short' = 'long'): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + weekday));
}

/** The ISO date of the UTC day a moment falls in, e.g. '2026-11-22': for figures the API counts per UTC day. */
export function formatUtcDay(value: Timestamp): string {
  const locale = foreign();
  const date = toDate(value);
  if (locale && date) return date.toLocaleDateString(locale, { ...DATE_PARTS, timeZone: 'UTC' });
  return isoTimestamp(value)?.slice(0, 10) ?? INVALID_DATE;
}

/**
 * A chart's time-axis tick labels (uPlot's axis `values`: the ticks in seconds and the step between
 * them), written as everywhere else: formatDay for steps of a day or more (formatUtcDay when the
 * chart counts UTC days), else formatClock, with the day on a second line under the first tick and
 * wherever the day changes.
 */
export function timeAxisLabels(ticks: readonly number[], step: number, utcDays = false): string[] {
  const day = utcDays ? formatUtcDay : formatDay;
  if (step >= 86_400) return ticks.map((tick) => day(tick));
  let previousDay = '';
  return ticks.map((tick) => {
    const today = formatDay(tick);
    const label = today === previousDay ? formatClock(tick) : `${formatClock(tick)}\n${today}`;
    previousDay = today;
    return label;
  });
}

/** The viewer's zone's short name at that moment, e.g. 'PST' or 'GMT+10' (DST-aware: it can differ within a span). */
export function zoneNameAt(value: Timestamp): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = new Intl.DateTimeFormat(foreign() ?? 'en-US', { timeZoneName: 'short' }).formatToParts(date);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** The pieces of a span as DateTimeRange draws them: each end's text and, where it is named, its zone. */
export interface DateRangeParts {
  start: string;
  /** The end's time alone when the span ends on the day it starts (in the viewer's zone), else its full date. */
  end: string;
  /** Set when a DST change falls inside the span: then each end names its own zone. */
  startZone: string | null;
  /** The zone that follows the span ('PST'); the end's own when the zones differ. */
  endZone: string;
}

/** The parts of a span in the viewer's zone (see formatDateRange); null when either end is no date. */
export function dateRangeParts(start: Timestamp, end: Timestamp): DateRangeParts | null {
  const from = toDate(start);
  const to = toDate(end);
  if (!from || !to) return null;
  const sameDay = isoDay(from) === isoDay(to);
  const startZone = zoneNameAt(from);
  const endZone = zoneNameAt(to);
  return {
    start: formatDate(from),
    end: sameDay ? formatClock(to) : formatDate(to),
    startZone: startZone === endZone ? null : startZone,
    endZone,
  };
}

/**
 * A span of time in the SPEC 9 format, in the viewer's zone, named: '2026-12-01 at 20:00 – 22:00
 * (PST)'; both dates when it crosses midnight there ('2026-12-01 at 23:00 – 2026-12-02 at 01:00
 * (GMT+10)'), both zone names when a DST change falls inside it ('… 00:30 (PDT) – 03:30 (PST)').
 */
export function formatDateRange(start: Timestamp, end: Timestamp): string {
  const parts = dateRangeParts(start, end);
  if (!parts) return INVALID_DATE;
  const startText = parts.startZone ? `${parts.start} (${parts.startZone})` : parts.start;
  return `${startText} – ${parts.end} (${parts.endZone})`;
}

/** The machine-readable form for <time datetime>, or null when the value is no date. */
export function isoTimestamp(value: Timestamp): string | null {
  return toDate(value)?.toISOString() ?? null;
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
  const locale = foreign();
  if (locale) return foreignRelativeTime(locale, seconds);
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

/** The same steps in another locale, worded by Intl ('jetzt', 'vor 3 Stunden', 'gestern'). */
function foreignRelativeTime(locale: string, seconds: number): string {
  const days = Math.floor(seconds / DAY);
  const [count, unit]: [number, Intl.RelativeTimeFormatUnit] =
    seconds < 5
      ? [0, 'second']
      : seconds < MINUTE
        ? [seconds, 'second']
        : seconds < HOUR
          ? [Math.floor(seconds / MINUTE), 'minute']
          : seconds < DAY
            ? [Math.floor(seconds / HOUR), 'hour']
            : days < 7
              ? [days, 'day']
              : days < 31
                ? [Math.floor(days / 7), 'week']
                : days < 365
                  ? [Math.max(1, Math.floor(days / 30)), 'month']
                  : [Math.floor(days / 365), 'year'];
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-count, unit);
}

/** Both at once, as the settings tables show them: '2026-11-22 at 14:05 (3 hours ago)'. */
export function formatDateWithRelative(value: Timestamp, now?: Date): string {
  const absolute = formatDate(value);
  return absolute === INVALID_DATE ? absolute : `${absolute} (${formatRelativeTime(value, now)})`;
}

/** The viewer's IANA time zone, e.g. 'Europe/Berlin' (what a form's local times mean). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A timestamp as an <input type="datetime-local"> value in the viewer's zone: 'YYYY-MM-DDTHH:mm' ('' for no date). */
export function toLocalInputValue(value: Timestamp): string {
  const date = toDate(value);
  if (!date) return '';
  return `${isoDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An <input type="datetime-local"> value read in the viewer's zone, as epoch seconds; null when it is no time. */
export function fromLocalInputValue(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  // Read in the viewer's zone; a wall time a DST change skipped moves forward, as the clocks did.
  const time = new Date(year, month - 1, day, hour, minute, second).getTime();
  return Number.isFinite(time) ? Math.floor(time / 1000) : null;
}
