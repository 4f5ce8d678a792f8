// SPEC 9: dates are the ISO date plus ' at ' and the short local time; relative times in words.

const INVALID = '<invalid date>';

function toDate(seconds: number | null | undefined): Date | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return null;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2026-11-22 at 14:05' (local), or '<invalid date>'. */
export function formatDate(seconds: number | null | undefined): string {
  const date = toDate(seconds);
  if (!date) return INVALID;
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} at ${date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** SPEC 9 relative time: 'just now', seconds, '1 minute ago', minutes, '1 hour ago', hours, 'yesterday', days, weeks, months, years. */
export function formatRelative(seconds: number | null | undefined, nowSeconds = Date.now() / 1000): string {
  const date = toDate(seconds);
  if (!date || seconds === null || seconds === undefined) return INVALID;
  const elapsed = Math.max(0, Math.floor(nowSeconds - seconds));
  if (elapsed < 5) return 'just now';
  if (elapsed < 60) return plural(elapsed, 'second');
  if (elapsed < 120) return '1 minute ago';
  if (elapsed < 3600) return plural(Math.floor(elapsed / 60), 'minute');
  if (elapsed < 7200) return '1 hour ago';
  const days = Math.floor(elapsed / 86400);
  if (days < 1) return plural(Math.floor(elapsed / 3600), 'hour');
  if (days < 2) return 'yesterday';
  if (days < 7) return plural(days, 'day');
  if (days < 31) return plural(Math.floor(days / 7), 'week');
  if (days < 365) return plural(Math.floor(days / 30), 'month');
  return plural(Math.floor(days / 365), 'year');
}

/** A ban length in seconds as words; 0 or null is permanent. */
export function formatDuration(seconds: number | null | undefined): string {
  if (!seconds) return 'Permanent';
  const units: [number, string][] = [
    [31536000, 'year'],
    [604800, 'week'],
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units) {
    if (seconds >= size && seconds % size === 0) {
      const count = seconds / size;
      return `${count} ${unit}${count === 1 ? '' : 's'}`;
    }
  }
  return `${Math.round(seconds / 60)} minutes`;
}
