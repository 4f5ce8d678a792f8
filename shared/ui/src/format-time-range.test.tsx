import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  formatDateRange as formatEventTime,
  fromLocalInputValue as fromLocalInput,
  INVALID_DATE,
  toLocalInputValue as toLocalInput,
  viewerTimeZone,
  zoneNameAt,
} from './format-time';
import { DateTimeRange } from './relative-time';

// The viewer's zone is the process's: Node re-reads TZ when it is assigned, so each test
// views the same UTC instants from another place on Earth.

// The kit's tsconfig has no Node types; the tests run in Node, whose process.env this is.
declare const process: { env: Record<string, string | undefined> };
const originalTz = process.env.TZ;
/** A 24-hour time as the viewer's locale may write it ('20:00' or '08:00 PM'). */
function clock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const twelve = `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(m).padStart(2, '0')}\\s?${h < 12 ? 'AM' : 'PM'}`;
  return `(?:${hhmm}|${twelve})`;
}
const pattern = (text: string) =>
  new RegExp(`^${text.replace(/[()+]/g, '\\$&').replace(/\{(\d\d:\d\d)\}/g, (_, hhmm: string) => clock(hhmm))}$`);
function viewFrom(zone: string) {
  process.env.TZ = zone;
}
beforeEach(() => viewFrom('UTC'));
afterEach(() => {
  process.env.TZ = originalTz;
});

// 2026-12-01 20:00 UTC to 22:00 UTC.
const START = Date.UTC(2026, 11, 1, 20, 0) / 1000;
const END = START + 2 * 3600;

describe('date ranges (an event’s time) in the viewer’s zone: formatDateRange', () => {
  it('UTC-8 (Los Angeles, winter): the same evening, eight hours earlier', () => {
    viewFrom('America/Los_Angeles');
    expect(viewerTimeZone()).toBe('America/Los_Angeles');
    const text = formatEventTime(START, END);
    expect(text).toMatch(pattern('2026-12-01 at {12:00} – {14:00} (PST)'));
    expect(toLocalInput(START)).toBe('2026-12-01T12:00');
  });

  it('UTC+10 (Brisbane): already the next morning', () => {
    viewFrom('Australia/Brisbane');
    const text = formatEventTime(START, END);
    expect(text).toMatch(pattern('2026-12-02 at {06:00} – {08:00} (GMT+10)'));
    expect(toLocalInput(START)).toBe('2026-12-02T06:00');
  });

  it('UTC: as stored', () => {
    expect(formatEventTime(START, END)).toMatch(pattern('2026-12-01 at {20:00} – {22:00} (UTC)'));
  });

  it('an event crossing midnight in the viewer’s zone shows both dates', () => {
    viewFrom('Australia/Brisbane');
    // 13:00-15:00 UTC = 23:00-01:00 in Brisbane.
    const start = Date.UTC(2026, 11, 1, 13, 0) / 1000;
    expect(formatEventTime(start, start + 2 * 3600)).toMatch(
      pattern('2026-12-01 at {23:00} – 2026-12-02 at {01:00} (GMT+10)'),
    );
  });

  it('an event spanning the autumn DST change shows both zone names and the real wall times', () => {
    viewFrom('America/Los_Angeles');
    // 2026-11-01: clocks go back at 02:00 PDT. 07:30 UTC = 00:30 PDT; 11:30 UTC = 03:30 PST:
    // four hours of event, three and a half on the wall clock plus the repeated hour.
    const start = Date.UTC(2026, 10, 1, 7, 30) / 1000;
    const end = Date.UTC(2026, 10, 1, 11, 30) / 1000;
    expect(zoneNameAt(start)).toBe('PDT');
    expect(zoneNameAt(end)).toBe('PST');
    expect(formatEventTime(start, end)).toMatch(pattern('2026-11-01 at {00:30} (PDT) – {03:30} (PST)'));
  });

  it('reads form times in the viewer’s zone, including across DST', () => {
    viewFrom('America/Los_Angeles');
    expect(fromLocalInput('2026-12-01T12:00')).toBe(START);
    // Summer: PDT is UTC-7.
    expect(fromLocalInput('2026-07-01T12:00')).toBe(Date.UTC(2026, 6, 1, 19, 0) / 1000);
    // 02:30 on 2026-03-08 never happened in Los Angeles (02:00 -> 03:00): it moves forward.
    expect(fromLocalInput('2026-03-08T02:30')).toBe(Date.UTC(2026, 2, 8, 10, 30) / 1000);
    viewFrom('Australia/Brisbane');
    expect(fromLocalInput('2026-12-02T06:00')).toBe(START);
    for (const bad of ['', 'tomorrow', '2026-13-45T99:99x', '2026-13-01T12:00', '2026-12-01T25:00', '2026-12-01 12:00'])
      expect(fromLocalInput(bad)).toBeNull();
    expect(fromLocalInput('2026-12-02T06:00:30')).toBe(START + 30);
  });

  it('round-trips every quarter hour of a DST-change day', () => {
    viewFrom('Europe/Berlin');
    const day = Date.UTC(2026, 9, 24, 22, 0) / 1000; // 2026-10-25 00:00 CEST
    for (let s = day; s < day + 25 * 3600; s += 900) {
      const back = fromLocalInput(toLocalInput(s));
      // The repeated hour (02:00-03:00 twice) reads back as one of its two instants.
      expect(back === s || back === s - 3600 || back === s + 3600).toBe(true);
    }
  });

  it('a range that is no date reads <invalid date>', () => {
    expect(formatEventTime(null, END)).toBe(INVALID_DATE);
    expect(formatEventTime(START, Number.NaN)).toBe(INVALID_DATE);
  });
});

describe('DateTimeRange', () => {
  it('draws each end as a <time datetime> in the viewer’s zone, the end’s day left out on the same day', () => {
    viewFrom('America/Los_Angeles');
    const { container } = render(<DateTimeRange start={START} end={END} />);
    const times = [...container.querySelectorAll('time')];
    expect(times.map((time) => time.getAttribute('datetime'))).toEqual([
      '2026-12-01T20:00:00.000Z',
      '2026-12-01T22:00:00.000Z',
    ]);
    expect(times[1]?.textContent).not.toContain('2026');
    expect(container.textContent).toMatch(pattern('2026-12-01 at {12:00} – {14:00} (PST)'));
  });

  it('names both zones when a DST change falls inside the span', () => {
    viewFrom('America/Los_Angeles');
    const start = Date.UTC(2026, 10, 1, 7, 30) / 1000;
    const { container } = render(<DateTimeRange start={start} end={Date.UTC(2026, 10, 1, 11, 30) / 1000} />);
    expect(container.textContent).toMatch(pattern('2026-11-01 at {00:30} (PDT) – {03:30} (PST)'));
  });
});
