import { type HostApi, provideHost } from '@outpost/host';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, it } from 'vitest';
import SearchResults, { internalLink } from './search-results';

const requested: string[] = [];

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
  const host: HostApi = {
    apiFetch: async (path) => {
      requested.push(path);
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

it('does nothing for a blank query, and the page box does nothing on blank text', async () => {
  renderAt('/search?q=%20%20');
  expect(screen.getByText(/Search players/)).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: '   ' } });
  fireEvent.submit(screen.getByRole('search'));
  await Promise.resolve();
  expect(requested).toEqual([]);
  expect(screen.getByLabelText('location').textContent).toBe('/search?q=%20%20');
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' Fox ' } });
  fireEvent.submit(screen.getByRole('search'));
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
