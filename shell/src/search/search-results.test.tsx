import { type HostApi, provideHost } from '@outpost/host';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, it } from 'vitest';
import '../test-support/search-catalogs';
import SearchResults, { internalLink } from './search-results';

const requested: string[] = [];
/** What the fake API answers next: the answer above, or a failure. */
let failNext = 0;

const ANSWER = {
  query: 'STEAM_0:1:5',
  groups: [
    {
      kind: 'player',
      hits: [
        {
          kind: 'player',
          id: '76561197960265739',
          title: 'Fox',
          subtitle: '76561197960265739',
          steamid: '76561197960265739',
          link: '/admin/players/76561197960265739',
          score: 100,
        },
      ],
    },
    {
      kind: 'ban',
      hits: [
        {
          kind: 'ban',
          id: '7',
          title: 'Ban #7: Fox',
          subtitle: 'cheating',
          steamid: '76561197960265739',
          link: '/bans?q=7',
          score: 100,
          status: 'active',
          createdAt: 1_795_000_000,
        },
        {
          kind: 'ban',
          id: '8',
          title: 'Odd link',
          subtitle: null,
          steamid: null,
          link: 'https://evil.example/',
          score: 10,
        },
      ],
    },
    { kind: 'note', hits: [] },
  ],
};

beforeEach(() => {
  requested.length = 0;
  failNext = 0;
  const host: HostApi = {
    apiFetch: async (path) => {
      requested.push(path);
      if (failNext > 0) {
        failNext -= 1;
        return new Response('{}', { status: 503, statusText: 'Service Unavailable' });
      }
      return new Response(JSON.stringify(ANSWER), { status: 200, headers: { 'content-type': 'application/json' } });
    },
    notify: () => {},
    navigate: () => {},
  };
  provideHost(host);
});
afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/search" element={<SearchResults />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

it('renders grouped results with links into the remotes, skipping empty groups', async () => {
  renderAt('/search?q=STEAM_0%3A1%3A5');
  const players = await screen.findByRole('region', { name: 'Players' });
  expect(requested).toEqual(['/api/search?q=STEAM_0%3A1%3A5']);
  // The manage-user route: returnTo = this page.
  expect(within(players).getByRole('link', { name: 'Fox' }).getAttribute('href')).toBe(
    `/admin/players/76561197960265739?returnTo=${encodeURIComponent('/search?q=STEAM_0%3A1%3A5')}`,
  );
  const bans = screen.getByRole('region', { name: 'Bans' });
  expect(within(bans).getByRole('link', { name: 'Ban #7: Fox' }).getAttribute('href')).toBe('/bans?q=7');
  // A link that leaves the app is not followed.
  expect(within(bans).queryByRole('link', { name: 'Odd link' })).toBeNull();
  expect(within(bans).getByText('Odd link')).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Notes' })).toBeNull();
});

it("draws each kind with the kit: a table per group, the ban's status badge and its date in the one format", async () => {
  renderAt('/search?q=STEAM_0%3A1%3A5');
  const bans = await screen.findByRole('region', { name: 'Bans' });
  const table = within(bans).getByRole('table', { name: /Bans matching/ });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Ban', 'Reason', 'Status', 'Banned']);
  const row = within(table).getByRole('row', { name: /Ban #7: Fox/ });
  expect(within(row).getByText('Active').closest('[data-status]')?.getAttribute('data-status')).toBe('ban.active');
  expect(within(row).getByText('cheating')).toBeTruthy();
  const time = row.querySelector('time');
  expect(time?.getAttribute('datetime')).toBe(new Date(1_795_000_000_000).toISOString());
  // The page's own box is the kit's toolbar search, holding the query it was opened with.
  expect(screen.getByRole('searchbox', { name: 'Search everything' })).toBeTruthy();
  expect((screen.getByLabelText('Search everything') as HTMLInputElement).value).toBe('STEAM_0:1:5');
});

it('says when nothing was found, and offers a retry when the search failed', async () => {
  failNext = 1;
  renderAt('/search?q=Fox');
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('503 Service Unavailable');
  fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  await screen.findByRole('region', { name: 'Players' });
  expect(requested).toEqual(['/api/search?q=Fox', '/api/search?q=Fox']);
});

it('does nothing for a blank query, and the page box does nothing on blank text', async () => {
  renderAt('/search?q=%20%20');
  expect(screen.getByText('What are you looking for?')).toBeTruthy();
  const box = screen.getByLabelText('Search everything');
  const form = box.closest('form') as HTMLFormElement;
  fireEvent.change(box, { target: { value: '   ' } });
  fireEvent.submit(form);
  await Promise.resolve();
  expect(requested).toEqual([]);
  expect(screen.getByLabelText('location').textContent).toBe('/search?q=%20%20');
  fireEvent.change(box, { target: { value: ' Fox ' } });
  fireEvent.submit(form);
  expect(screen.getByLabelText('location').textContent).toBe('/search?q=Fox');
  await screen.findByRole('region', { name: 'Players' });
  expect(requested).toEqual(['/api/search?q=Fox']);
});

it('accepts only links on our own origin', () => {
  expect(internalLink('/notes?q=1', '/search?q=x')).toBe('/notes?q=1');
  expect(internalLink('/admin/players/7/bans/2', '/search?q=x')).toBe(
    '/admin/players/7/bans/2?returnTo=%2Fsearch%3Fq%3Dx',
  );
  expect(internalLink('//evil.example/x', '/search')).toBeNull();
  expect(internalLink('javascript:alert(1)', '/search')).toBeNull();
});
