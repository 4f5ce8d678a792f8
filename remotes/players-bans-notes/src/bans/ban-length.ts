import { i18n } from '@outpost/host';

/** A length choice whose label is read in the active locale when it is drawn. */
const choice = (seconds: number | null) => ({
  seconds,
  get label() {
    return formatDuration(seconds);
  },
});

/** Length choices offered when banning; null is permanent. */
export const BAN_LENGTH_CHOICES: { readonly label: string; seconds: number | null }[] = [
  choice(null),
  choice(3600),
  choice(86400),
  choice(3 * 86400),
  choice(604800),
  choice(2 * 604800),
  choice(30 * 86400),
  choice(365 * 86400),
];

export function lengthChoiceValue(seconds: number | null): string {
  return seconds === null ? 'permanent' : String(seconds);
}

export function parseLengthChoice(value: string): number | null {
  return value === 'permanent' ? null : Number(value);
}

const UNITS: [number, string][] = [
  [31536000, 'players-bans-notes.bans.unit.year'],
  [604800, 'players-bans-notes.bans.unit.week'],
  [86400, 'players-bans-notes.bans.unit.day'],
  [3600, 'players-bans-notes.bans.unit.hour'],
  [60, 'players-bans-notes.bans.unit.minute'],
];

const count = (value: number, unit: string) => i18n._(unit, { count: value });

/**
 * A ban length in seconds as words; 0 or null is permanent. A ban taken from a federation feed
 * ends when its origin's does, so its length is seconds off a whole unit: it is read to the
 * minute, and one that is still no whole unit is written in its two largest parts ('6 days 23 hours').
 * In the active locale (the remote's catalog is loaded with its page).
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (!seconds) return i18n._('players-bans-notes.bans.length.permanent');
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
