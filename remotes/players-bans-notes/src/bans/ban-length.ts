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
