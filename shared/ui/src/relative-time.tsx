import { formatDate, formatRelativeTime, INVALID_DATE, type Timestamp } from './format-time';

/** A <time> showing the SPEC 9 relative time, with the full date as its tooltip. */
export function RelativeTime({ value, now }: { value: Timestamp; now?: Date }) {
  const relative = formatRelativeTime(value, now);
  if (relative === INVALID_DATE) return <span>{INVALID_DATE}</span>;
  const date = value instanceof Date ? value : new Date((value as number) * 1000);
  return (
    <time dateTime={date.toISOString()} title={formatDate(value)}>
      {relative}
    </time>
  );
}
