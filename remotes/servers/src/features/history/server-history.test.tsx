import type { ServerHistoryResponse, ServerPeakHoursResponse } from '@outpost/contracts';
import { createTestHost, jsonResponse as json } from '@outpost/host/testing';
import { formatHour } from '@outpost/ui';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { busiestHours, chartSeries, formatPercent, tableRows } from './history-data';
import ServerHistory from './server-history';
import '../../test-support/catalogs';

// Issue 28 item 2: the population chart's page part: range tabs, uptime, the data tables
// (the chart's accessible alternative), the heat map described in words, the export links.

const HOUR = 3600;
const to = 1_764_000_000;
const history = (
  range: ServerHistoryResponse['range'],
  bucketSeconds: number,
  count: number,
): ServerHistoryResponse => ({
  serverId: 'coop-1',
  range,
  bucketSeconds,
  from: to - count * bucketSeconds,
  to,
  uptime: 97.5,
  buckets: Array.from({ length: count }, (_, i) => ({
    at: to - (count - i) * bucketSeconds,
    min: i % 3,
    avg: (i % 5) + 0.5,
    max: (i % 7) + 1,
    maxPlayers: 8,
    online: 1,
  })),
  maps: [
    { map: 'c1m1_hotel', startedAt: to - 30 * HOUR, endedAt: to - 10 * HOUR },
    { map: 'c2m1_highway', startedAt: to - 10 * HOUR, endedAt: null },
  ],
});
const peaks: ServerPeakHoursResponse = {
  serverId: 'coop-1',
  days: 30,
  offset: 0,
  from: to - 30 * 86_400,
  to,
  cells: Array.from({ length: 168 }, (_, how) => ({
    weekday: Math.floor(how / 24),
    hour: how % 24,
    avg: how === 5 * 24 + 20 ? 14.5 : how % 24 === 21 ? 6 : null,
    max: how === 5 * 24 + 20 ? 18 : how % 24 === 21 ? 8 : null,
    online: how % 24 === 21 || how === 5 * 24 + 20 ? 1 : null,
  })),
};

function serve() {
  const asked: string[] = [];
  const host = createTestHost((request) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/servers/coop-1/history') {
      const range = url.searchParams.get('range');
      if (range === '7d') return json(history('7d', 900, 672));
      return json(history('24h', 60, 1440));
    }
    if (url.pathname === '/api/servers/coop-1/peak-hours') return json(peaks);
    return undefined;
  });
  return { host, asked };
}

afterEach(cleanup);

describe('server history', () => {
  it('shows uptime, the players and maps as tables, the busiest hours in words and the export links', async () => {
    const { asked } = serve();
    render(<ServerHistory serverId="coop-1" serverName="Coop #1" />);
    await act(async () => {});
    expect(await screen.findByText('97.5 %')).toBeTruthy();
    const players = screen.getByRole('table', { name: /Players on Coop #1 over the last 24 hours/ });
    // 1,440 minutes are shown as 48 rows of 30 minutes.
    expect(within(players).getAllByRole('row')).toHaveLength(49);
    const maps = screen.getByRole('table', { name: 'Maps on Coop #1' });
    expect(within(maps).getByText('c2m1_highway')).toBeTruthy();
    expect(within(maps).getByText('running')).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: new RegExp(`Busiest hours over the last 30 days: Saturday ${formatHour(20)} \\(14.5 players\\)`),
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Players as CSV' }).getAttribute('href')).toBe(
      '/api/servers/coop-1/history?range=24h&format=csv',
    );
    expect(screen.getByRole('link', { name: 'Peak hours as CSV' }).getAttribute('href')).toMatch(
      /^\/api\/servers\/coop-1\/peak-hours\?days=30&offset=-?\d+&format=csv$/,
    );
    expect(asked.some((path) => /^\/api\/servers\/coop-1\/peak-hours\?days=30&offset=-?\d+$/.test(path))).toBe(true);
  });

  it('switches range with the keyboard through the kit tabs and asks for that range', async () => {
    const { asked } = serve();
    render(<ServerHistory serverId="coop-1" serverName="Coop #1" />);
    await act(async () => {});
    const day = screen.getByRole('tab', { name: '24 hours' });
    expect(day.getAttribute('aria-selected')).toBe('true');
    day.focus();
    fireEvent.keyDown(day, { key: 'ArrowRight' });
    await act(async () => {});
    expect(screen.getByRole('tab', { name: '7 days' }).getAttribute('aria-selected')).toBe('true');
    expect(asked).toContain('/api/servers/coop-1/history?range=7d');
    expect(await screen.findByRole('table', { name: /over the last 7 days/ })).toBeTruthy();
  });

  it('says there is no history yet for a server never polled', async () => {
    createTestHost((request) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/history')) return json({ ...history('24h', 60, 0), uptime: null });
      if (url.pathname.endsWith('/peak-hours'))
        return json({ ...peaks, cells: peaks.cells.map((cell) => ({ ...cell, avg: null, max: null, online: null })) });
      return undefined;
    });
    render(<ServerHistory serverId="coop-1" serverName="Coop #1" />);
    await act(async () => {});
    expect(await screen.findByText(/No history yet/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'No players counted over the last 30 days' })).toBeTruthy();
  });
});

describe('history data', () => {
  it('writes a percentage as the language does: English as before, Intl in a translation', () => {
    expect(formatPercent(97.5, 'en')).toBe('97.5 %');
    expect(formatPercent(97.5, 'zh-CN')).toBe('97.5%');
    expect(formatPercent(97.5, 'tr')).toBe('%97,5');
    expect(formatPercent(100, 'de')).toBe('100\u00a0%'); // a no-break space: the sign stays on the number's line
  });

  it('breaks the line where buckets are missing, merges table rows, ranks the busiest hours', () => {
    const base = history('24h', 60, 3);
    // The middle minute is missing.
    const gappy = { ...base, buckets: [base.buckets[0], base.buckets[2]].filter((b) => b !== undefined) };
    const [xs, avg] = chartSeries(gappy);
    expect(xs).toHaveLength(3);
    expect(avg[1]).toBeNull();
    const rows = tableRows(history('24h', 60, 10), 5);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ at: to - 600, until: to - 480, avg: 1, max: 2, online: 100 });
    expect(busiestHours(peaks.cells, 2).map((cell) => [cell.weekday, cell.hour])).toEqual([
      [5, 20],
      [0, 21],
    ]);
  });
});
