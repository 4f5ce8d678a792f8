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
