/** Length choices offered when banning; null is permanent. */
export const BAN_LENGTH_CHOICES: { label: string; seconds: number | null }[] = [
  { label: 'Permanent', seconds: null },
  { label: '1 hour', seconds: 3600 },
  { label: '1 day', seconds: 86400 },
  { label: '3 days', seconds: 3 * 86400 },
  { label: '1 week', seconds: 604800 },
  { label: '2 weeks', seconds: 2 * 604800 },
  { label: '30 days', seconds: 30 * 86400 },
  { label: '1 year', seconds: 365 * 86400 },
];

export function lengthChoiceValue(seconds: number | null): string {
  return seconds === null ? 'permanent' : String(seconds);
}

export function parseLengthChoice(value: string): number | null {
  return value === 'permanent' ? null : Number(value);
}

const UNITS: [number, string][] = [
  [31536000, 'year'],
  [604800, 'week'],
  [86400, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
];

const count = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'}`;

/**
 * A ban length in seconds as words; 0 or null is permanent. A ban taken from a federation feed
 * ends when its origin's does, so its length is seconds off a whole unit: it is read to the
 * minute, and one that is still no whole unit is written in its two largest parts ('6 days 23 hours').
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (!seconds) return 'Permanent';
  const rounded = Math.max(1, Math.round(seconds / 60)) * 60;
  const whole = UNITS.find(([size]) => rounded >= size && rounded % size === 0 && (size > 60 || rounded < 3600));
  if (whole) return count(rounded / whole[0], whole[1]);
  const parts: string[] = [];
  let rest = rounded;
  for (const [size, unit] of UNITS.filter(([size]) => size !== 604800)) {
    if (rest >= size && parts.length < 2) {
      parts.push(count(Math.floor(rest / size), unit));
      rest %= size;
    }
  }
  return parts.join(' ');
}
