import {
  dateRangeParts,
  formatClock,
  formatDate,
  formatDateWithRelative,
  formatDay,
  formatRelativeTime,
  isoTimestamp,
  type Timestamp,
} from './format-time';

/**
 * How a DateTime reads: 'absolute' (SPEC 9: '2026-11-22 at 14:05'), 'relative' ('3 hours ago',
 * for what is recent: activity, last seen), 'both' ('2026-11-22 at 14:05 (3 hours ago)'),
 * 'day' ('2026-11-22').
 */
export type DateTimeDisplay = 'absolute' | 'relative' | 'both' | 'day';

const FORMATS: Record<DateTimeDisplay, (value: Timestamp, now?: Date) => string> = {
  absolute: formatDate,
  relative: formatRelativeTime,
  both: formatDateWithRelative,
  day: formatDay,
};

/**
 * A date's text with its time ('12:39 AM') unbreakable: where a date may wrap (a description, a
 * phone's table card) it wraps at ' at ', never between the time and its AM/PM. No-break spaces,
 * not an element around the time: the text stays one run, drawn exactly as before.
 */
function withWholeClock(text: string, value: Timestamp): string {
  const clock = formatClock(value);
  const at = text.lastIndexOf(clock);
  if (at < 0) return text;
  return text.slice(0, at) + clock.replaceAll(' ', NO_BREAK_SPACE) + text.slice(at + clock.length);
}

const NO_BREAK_SPACE = '\u00a0';

/**
 * The ONE way a date is shown: a <time datetime> in the viewer's time zone, never broken
 * mid-number, with the other form (absolute or relative) as its tooltip. A value that is no date
 * reads '<invalid date>' (SPEC 8).
 */
export function DateTime({
  value,
  display = 'absolute',
  now,
}: {
  value: Timestamp;
  display?: DateTimeDisplay;
  now?: Date;
}) {
  const iso = isoTimestamp(value);
  const text = FORMATS[display](value, now);
  if (iso === null) return <span className="date-time is-invalid">{text}</span>;
  const title = display === 'relative' ? formatDate(value) : formatRelativeTime(value, now);
  return (
    <time className="date-time" dateTime={iso} title={title}>
      {display === 'absolute' || display === 'both' ? withWholeClock(text, value) : text}
    </time>
  );
}

/** A <time> showing the SPEC 9 relative time, with the full date as its tooltip. */
export function RelativeTime({ value, now }: { value: Timestamp; now?: Date }) {
  return <DateTime value={value} display="relative" now={now} />;
}

/**
 * A span of time (an event): '2026-12-01 at 20:00 – 22:00 (PST)' in the viewer's zone, each end a
 * <time datetime>, the end's date left out when it is the start's day (see formatDateRange).
 */
export function DateTimeRange({ start, end }: { start: Timestamp; end: Timestamp }) {
  const parts = dateRangeParts(start, end);
  if (!parts) return <span className="date-time is-invalid">{formatDate(null)}</span>;
  return (
    <span className="date-time-range">
      <time className="date-time" dateTime={isoTimestamp(start) ?? undefined}>
        {withWholeClock(parts.start, start)}
      </time>
      {parts.startZone && ` (${parts.startZone})`}
      {' – '}
      <time className="date-time" dateTime={isoTimestamp(end) ?? undefined}>
        {withWholeClock(parts.end, end)}
      </time>
      {` (${parts.endZone})`}
    </span>
  );
}
