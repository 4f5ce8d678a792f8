import { setLocale } from '@outpost/host';
import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDate,
  formatDateWithRelative,
  formatDay,
  formatHour,
  formatRelativeTime,
  formatUtcDay,
  formatWeekday,
  fromLocalInputValue,
  INVALID_DATE,
  timeAxisLabels,
  toLocalInputValue,
  viewerTimeZone,
} from './format-time';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (seconds: number) => now.getTime() / 1000 - seconds;
const MIN = 60;
const HOUR = 3600;
const DAY = 86400;

describe('formatRelativeTime (SPEC 9 table)', () => {
  it.each([
    [0, 'just now'],
    [4, 'just now'],
    [5, '5 seconds ago'],
    [59, '59 seconds ago'],
    [60, '1 minute ago'],
    [119, '1 minute ago'],
    [120, '2 minutes ago'],
    [59 * MIN + 59, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [2 * HOUR - 1, '1 hour ago'],
    [2 * HOUR, '2 hours ago'],
    [23 * HOUR, '23 hours ago'],
    [DAY, 'yesterday'],
    [2 * DAY - 1, 'yesterday'],
    [2 * DAY, '2 days ago'],
    [6 * DAY, '6 days ago'],
    [7 * DAY, '1 week ago'],
    [14 * DAY, '2 weeks ago'],
    [30 * DAY, '4 weeks ago'],
    [31 * DAY, '1 month ago'],
    [90 * DAY, '3 months ago'],
    [364 * DAY, '12 months ago'],
    [365 * DAY, '1 year ago'],
    [3 * 365 * DAY, '3 years ago'],
  ])('%i s ago reads %s', (seconds, expected) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(expected);
  });

  it('treats a timestamp slightly in the future (clock skew) as just now', () => {
    expect(formatRelativeTime(ago(-3), now)).toBe('just now');
  });

  it('accepts a Date', () => {
    expect(formatRelativeTime(new Date(now.getTime() - 3 * HOUR * 1000), now)).toBe('3 hours ago');
  });

  it.each([[Number.NaN], [null], [undefined], [new Date('nope')]])('shows %s as <invalid date>', (value) => {
    expect(formatRelativeTime(value, now)).toBe(INVALID_DATE);
    expect(formatDate(value)).toBe('<invalid date>');
  });
});

describe('formatDate', () => {
  it('is the ISO date, " at " and the short local time', () => {
    const local = new Date(2026, 10, 22, 9, 5);
    const time = local.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    expect(formatDate(local)).toBe(`2026-11-22 at ${time}`);
    expect(formatDate(local.getTime() / 1000)).toBe(`2026-11-22 at ${time}`);
  });

  it('pairs the date with the relative time', () => {
    expect(formatDateWithRelative(ago(2 * DAY), now)).toMatch(/^\d{4}-\d{2}-\d{2} at .+ \(2 days ago\)$/);
    expect(formatDateWithRelative(Number.NaN, now)).toBe(INVALID_DATE);
  });
});

// The kit's tsconfig has no Node types; the tests run in Node, whose process.env this is.
declare const process: { env: Record<string, string | undefined> };

describe('formatClock and formatDate with one formatter for every call', () => {
  it('write what toLocaleTimeString / toLocaleString write, in whatever zone the viewer is (Node re-reads TZ)', async () => {
    const original = process.env.TZ;
    try {
      // Either side of a DST change, a half-hour and a 45-minute zone, and the half-hour DST of Lord Howe.
      const moments = [
        Date.UTC(2026, 2, 8, 9, 59),
        Date.UTC(2026, 2, 8, 10, 1),
        Date.UTC(2026, 9, 4, 15, 30),
        Date.UTC(2026, 11, 1, 23, 59),
        Date.UTC(1999, 0, 1, 0, 0),
      ].map((ms) => new Date(ms));
      for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe']) {
        process.env.TZ = zone;
        for (const moment of moments) {
          expect(formatClock(moment)).toBe(moment.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
        }
      }
      // In another language, the date too (Intl's own pattern there).
      await setLocale('de');
      for (const zone of ['America/Los_Angeles', 'Asia/Kathmandu']) {
        process.env.TZ = zone;
        for (const moment of moments) {
          const options = { hour: '2-digit', minute: '2-digit' } as const;
          expect(formatClock(moment)).toBe(moment.toLocaleTimeString('de', options));
          expect(formatDate(moment)).toBe(
            moment.toLocaleString('de', { year: 'numeric', month: '2-digit', day: '2-digit', ...options }),
          );
        }
      }
    } finally {
      process.env.TZ = original;
      await setLocale('en');
    }
  });
});

describe('datetime-local values', () => {
  it('round-trip a timestamp through the viewer-zone input value', () => {
    const seconds = Math.floor(new Date(2026, 10, 28, 9, 5).getTime() / 1000);
    expect(toLocalInputValue(seconds)).toBe('2026-11-28T09:05');
    expect(fromLocalInputValue('2026-11-28T09:05')).toBe(seconds);
    expect(toLocalInputValue(null)).toBe('');
    expect(fromLocalInputValue('')).toBeNull();
    expect(fromLocalInputValue('not a time')).toBeNull();
    expect(viewerTimeZone()).toMatch(/\w/);
  });
});

describe('chart helpers', () => {
  const noon = Date.UTC(2026, 10, 22, 12) / 1000;
  it('writes a whole hour as formatClock does', () => {
    expect(formatHour(14)).toBe(formatClock(new Date(2026, 10, 22, 14)));
  });
  it('writes a UTC day whatever the viewer zone', () => {
    expect(formatUtcDay(Date.UTC(2026, 10, 22, 23, 59) / 1000)).toBe('2026-11-22');
    expect(formatUtcDay(null)).toBe(INVALID_DATE);
  });
  it('labels time-axis ticks: clock, the day under the first and at each change; days for day steps', () => {
    const ticks = [noon, noon + 6 * HOUR, noon + 12 * HOUR];
    const labels = timeAxisLabels(ticks, 6 * HOUR);
    expect(labels[0]).toBe(`${formatClock(noon)}\n${formatDay(noon)}`);
    expect(labels[1]).toBe(formatDay(ticks[1]) === formatDay(noon) ? formatClock(ticks[1]) : expect.any(String));
    expect(timeAxisLabels([noon, noon + DAY], DAY)).toEqual([formatDay(noon), formatDay(noon + DAY)]);
    expect(timeAxisLabels([noon], DAY, true)).toEqual(['2026-11-22']);
  });
});

describe('formatWeekday', () => {
  it("names the API's weekdays (0 = Monday) in the locale asked for", () => {
    expect([0, 6].map((day) => formatWeekday(day, 'en'))).toEqual(['Monday', 'Sunday']);
    expect(formatWeekday(0, 'en', 'short')).toBe('Mon');
    expect(formatWeekday(0, 'de')).toBe('Montag');
    expect(formatWeekday(2, 'ru')).toBe('среда');
  });
});
