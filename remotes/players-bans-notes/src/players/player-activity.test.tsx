import type { ActivityDay, PlayerActivityResponse } from '@outpost/contracts';
import { createTestHost, jsonResponse as json } from '@outpost/host/testing';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { activitySeries, activityTotals } from './activity-data';
import { PlayerActivity } from './player-activity';

// Issue 28 item 3: the staff's activity timeline in the player's overview: range tabs, the totals,
// the table behind "Show as table" (the chart's accessible alternative), the CSV link.

const FOX = '76561197960265728';
const zero = (day: string): ActivityDay => ({
  day,
  playSeconds: 0,
  chatLines: 0,
  bans: 0,
  notes: 0,
  warnings: 0,
  reports: 0,
});
function activity(days: number, busy: Record<number, Partial<ActivityDay>> = {}): PlayerActivityResponse {
  const last = Date.UTC(2026, 10, 29) / 1000;
  return {
    steamid: FOX,
    days,
    buckets: Array.from({ length: days }, (_, i) => {
      const day = new Date((last - (days - 1 - i) * 86400) * 1000).toISOString().slice(0, 10);
      return { ...zero(day), ...busy[days - 1 - i] };
    }),
  };
}

function serve(answer: (days: string) => PlayerActivityResponse) {
  const asked: string[] = [];
  createTestHost((request) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname}${url.search}`);
    if (url.pathname === `/api/players/${FOX}/activity`) return json(answer(url.searchParams.get('days') ?? '30'));
    return undefined;
  });
  return asked;
}

afterEach(cleanup);

describe('player activity', () => {
  it('shows the totals, every active day behind "Show as table", and the CSV link', async () => {
    serve(() =>
      activity(30, {
        0: { playSeconds: 5400, chatLines: 12 },
        2: { bans: 1, warnings: 2 },
        6: { reports: 3, notes: 1 },
      }),
    );
    render(<PlayerActivity steamid={FOX} />);
    await act(async () => {});
    expect(
      await screen.findByText('1 hr 30 min played · 12 chat lines · 1 ban · 2 warnings · 3 reports · 1 note'),
    ).toBeTruthy();
    expect(screen.getByText('Show as table')).toBeTruthy();
    const table = screen.getByRole('table', { name: /Hours played per day over the last 30 days/ });
    const rows = within(table).getAllByRole('row');
    // A header and the three days with something in them, newest first.
    expect(rows).toHaveLength(4);
    expect(within(rows[1] as HTMLElement).getByText('2026-11-29')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('1 hr 30 min')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('2026-11-23')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Activity as CSV' }).getAttribute('href')).toBe(
      `/api/players/${FOX}/activity?days=30&format=csv`,
    );
  });

  it('switches to 90 days and a year through the kit tabs and asks for that range', async () => {
    const asked = serve((days) => activity(Number(days), { 60: { playSeconds: 3600 } }));
    render(<PlayerActivity steamid={FOX} />);
    await act(async () => {});
    expect(await screen.findByText('No activity in the last 30 days.')).toBeTruthy();
    const month = screen.getByRole('tab', { name: '30 d' });
    expect(month.getAttribute('aria-selected')).toBe('true');
    month.focus();
    fireEvent.keyDown(month, { key: 'ArrowRight' });
    await act(async () => {});
    expect(screen.getByRole('tab', { name: '90 d' }).getAttribute('aria-selected')).toBe('true');
    expect(asked).toContain(`/api/players/${FOX}/activity?days=90`);
    expect(await screen.findByRole('table', { name: /over the last 90 days/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '1 y' }));
    await act(async () => {});
    expect(asked).toContain(`/api/players/${FOX}/activity?days=365`);
    expect(await screen.findByRole('table', { name: /over the last year/ })).toBeTruthy();
  });

  it('says when the API refuses, with a retry', async () => {
    createTestHost(() => json({ error: 'FORBIDDEN', message: 'You do not have the permission players.view' }, 403));
    render(<PlayerActivity steamid={FOX} />);
    await act(async () => {});
    expect(await screen.findByText(/permission players.view|not allowed|the player's activity/i)).toBeTruthy();
  });
});

describe('activity data', () => {
  it('gives uPlot day starts, hours and counts with empty days left out of the marks', () => {
    const data = activity(3, { 0: { playSeconds: 7200, bans: 1 } });
    const [xs, hours, chat, bans] = activitySeries(data.buckets);
    expect(xs).toEqual([Date.UTC(2026, 10, 27) / 1000, Date.UTC(2026, 10, 28) / 1000, Date.UTC(2026, 10, 29) / 1000]);
    expect(hours).toEqual([null, null, 2]);
    expect(chat).toEqual([null, null, null]);
    expect(bans).toEqual([null, null, 1]);
    expect(activityTotals(data.buckets)).toMatchObject({ playSeconds: 7200, bans: 1, chatLines: 0 });
  });
});
