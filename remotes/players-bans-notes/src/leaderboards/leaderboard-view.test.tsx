import type { LeaderboardEntry, ServerGroupSummary } from '@outpost/contracts';
import { useSessionStore } from '@outpost/host';
import { createTestHost, signInForTest as signIn } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import manifest from '../manifest';
import { Where } from '../test-support/where';
import { LEADERBOARD_GROUPS, LEADERBOARD_PAGE_SIZE } from './first-page';
import { LeaderboardView } from './leaderboard-view';

function group(id: string, name: string): ServerGroupSummary {
  return { id, name, description: '', game: 'tf2', type: 'custom', templateId: null, currentInstances: 0 };
}

const GROUPS = [group('g1', 'Casual'), group('g2', 'Competitive')];
/** 120 players on Casual, most played first: two full pages and a short third. */
const CASUAL: LeaderboardEntry[] = Array.from({ length: 120 }, (_, i) => ({
  rank: i + 1,
  steamid: String(76561197960265800n + BigInt(i)),
  name: `Player ${i + 1}`,
  seconds: (200 - i) * 600,
}));

function installLeaderboardApi() {
  return createTestHost({
    [`GET ${LEADERBOARD_GROUPS}`]: { body: GROUPS },
    'GET /api/leaderboards/:groupId': ({ params, query }) => {
      const period = (query.get('period') ?? 'week') as 'week' | 'month' | 'all';
      // The fake's cursor is the offset (the real one is opaque to the page).
      const offset = Number(query.get('cursor') ?? 0);
      const limit = Number(query.get('limit') ?? 50);
      const name = GROUPS.find((g) => g.id === params.groupId)?.name ?? '';
      // Competitive has no playtime this week, and Casual's month is its week.
      const rows = params.groupId === 'g2' && period === 'week' ? [] : CASUAL;
      return {
        body: {
          groupId: params.groupId,
          groupName: name,
          period,
          periodKey: period === 'all' ? 'all' : 'w2026-11-23',
          offset,
          entries: rows.slice(offset, offset + limit),
          nextCursor: offset + limit < rows.length ? String(offset + limit) : null,
        },
      };
    },
  });
}

function renderView(url = '/leaderboards') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <LeaderboardView />
      <Where />
    </MemoryRouter>,
  );
}

/** A member without staff permissions, signed in as the given Steam account. */
function signInMember(steamid: string) {
  useSessionStore.getState().setSession({
    user: { name: 'Member', steamid, avatarhash: null },
    permissions: { codes: [], flags: '', immunityLevel: 0, base: null },
    impersonatingId: null,
  });
}

afterEach(cleanup);
beforeEach(() => signIn(null));

describe('the public /leaderboards page', () => {
  it("shows the first group's week to a visitor: rank, name (no link), playtime, and a CSV link", async () => {
    const api = installLeaderboardApi();
    renderView();
    const table = await screen.findByRole('table', { name: 'Most played on Casual: this week' });
    const first = within(table).getByText('Player 1').closest('tr') as HTMLElement;
    expect(within(first).getByText('1')).toBeTruthy();
    expect(within(first).getByText('33 hr 20 min')).toBeTruthy();
    expect(within(table).queryByRole('link')).toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(LEADERBOARD_PAGE_SIZE + 1);
    expect(api.paths()).toEqual([
      `GET ${LEADERBOARD_GROUPS}`,
      `GET /api/leaderboards/g1?period=week&limit=${LEADERBOARD_PAGE_SIZE}`,
    ]);
    const csv = screen.getByRole('link', { name: 'Download the top 500 as CSV' });
    expect(csv.getAttribute('href')).toBe('/api/leaderboards/g1?period=week&limit=500&format=csv');
    expect(csv.hasAttribute('download')).toBe(true);
  });

  it('pages with the keyset cursor: Next to the last page, Previous back to the first', async () => {
    const api = installLeaderboardApi();
    renderView();
    await screen.findByText('Player 50');
    expect(screen.getByText('Page 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Player 51');
    expect(api.calls.at(-1)?.query.get('cursor')).toBe('50');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Player 120');
    expect(screen.getByText('Page 3')).toBeTruthy();
    expect(api.calls.at(-1)?.query.get('cursor')).toBe('100');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Player 51');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Player 1');
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('switches period and group in the URL, back on the first page, with the empty state where nobody played', async () => {
    const api = installLeaderboardApi();
    renderView();
    await screen.findByText('Player 1');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Player 51');
    fireEvent.click(screen.getByRole('tab', { name: 'All time' }));
    await screen.findByRole('table', { name: 'Most played on Casual: all time' });
    expect(api.calls.at(-1)?.query.get('period')).toBe('all');
    expect(api.calls.at(-1)?.query.get('cursor')).toBeNull();
    expect(screen.getByLabelText('location').textContent).toBe('/leaderboards?period=all');
    fireEvent.click(screen.getByRole('tab', { name: 'This week' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Server group' }), { target: { value: 'g2' } });
    await screen.findByText('Nobody has played yet');
    expect(screen.getByText('No playtime is recorded on Competitive this week.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    expect(screen.getByLabelText('location').textContent).toBe('/leaderboards?group=g2');
    expect(api.calls.at(-1)?.path).toBe('/api/leaderboards/g2');
  });

  it('opens a deep link on its group and period', async () => {
    const api = installLeaderboardApi();
    renderView('/leaderboards?group=g2&period=month');
    await screen.findByRole('table', { name: 'Most played on Competitive: this month' });
    expect(api.paths().at(-1)).toBe(`GET /api/leaderboards/g2?period=month&limit=${LEADERBOARD_PAGE_SIZE}`);
    expect((screen.getByRole('tab', { name: 'This month' }) as HTMLElement).getAttribute('aria-selected')).toBe('true');
  });

  it("links a player's name to their page for staff with players.view, and a member to their own only", async () => {
    installLeaderboardApi();
    signIn(['players.view']);
    renderView();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('link')).toHaveLength(LEADERBOARD_PAGE_SIZE);
    expect(within(table).getByRole('link', { name: 'Player 2' }).getAttribute('href')).toMatch(
      /^\/admin\/players\/76561197960265801\?returnTo=/,
    );
    cleanup();
    signInMember('76561197960265802');
    renderView();
    const own = await screen.findByRole('table');
    expect(
      within(own)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Player 3']);
  });

  it('says so when there are no server groups, and when the groups fail to load', async () => {
    createTestHost({ [`GET ${LEADERBOARD_GROUPS}`]: { body: [] } });
    renderView();
    expect(await screen.findByText('There is nothing to rank yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    createTestHost({
      [`GET ${LEADERBOARD_GROUPS}`]: { status: 500, body: { error: 'INTERNAL', message: 'Database is down' } },
    });
    renderView();
    await waitFor(() => expect(screen.getByRole('button', { name: /retry|try again/i })).toBeTruthy());
  });

  it('has the groups fetched with the page’s code and drawn from the prefetched answer', async () => {
    expect(manifest.routes.find((route) => route.path === '/leaderboards')?.data).toEqual([LEADERBOARD_GROUPS]);
    const prefetched = createTestHost(
      {
        'GET /api/leaderboards/:groupId': ({ params }) => ({
          body: {
            groupId: params.groupId,
            groupName: 'Casual',
            period: 'week',
            periodKey: 'w',
            offset: 0,
            entries: [],
            nextCursor: null,
          },
        }),
      },
      { prefetched: { [LEADERBOARD_GROUPS]: GROUPS } },
    );
    renderView();
    await screen.findByText('Nobody has played yet');
    expect(prefetched.paths()).toEqual([`GET /api/leaderboards/g1?period=week&limit=${LEADERBOARD_PAGE_SIZE}`]);
  });
});
