import { createTestHost } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import '../test-support/catalogs';
import { FOX } from '../test-support/fixtures';
import { PlayersList } from './players-list';

afterEach(cleanup);

const summary = (steamid: string, name: string) => ({
  steamid,
  name,
  firstSeen: 1_690_000_000,
  lastSeen: 1_700_000_000,
  totalTime: 12_000,
  userId: null,
});

it('searches by any id form, links names to manage-user and pages by cursor', async () => {
  const api = createTestHost({
    'GET /api/players': ({ query }) =>
      query.get('cursor')
        ? { body: { players: [summary('76561197960265741', 'Owl')], nextCursor: null } }
        : { body: { players: [summary(FOX, 'Fox')], nextCursor: 'p2' } },
  });
  render(
    <MemoryRouter initialEntries={['/admin/players']}>
      <PlayersList />
    </MemoryRouter>,
  );
  const link = await screen.findByRole('link', { name: 'Fox' });
  expect(link.getAttribute('href')).toBe(`/admin/players/${FOX}?returnTo=%2Fadmin%2Fplayers`);
  expect(within(link.closest('tr') as HTMLElement).getByText('3 hr 20 min')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('link', { name: 'Owl' });
  expect(api.calls.at(-1)?.query.get('cursor')).toBe('p2');

  fireEvent.change(screen.getByRole('searchbox'), { target: { value: '[U:1:11]' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(api.calls.at(-1)?.query.get('q')).toBe('[U:1:11]'));
  expect(api.calls.at(-1)?.query.get('cursor')).toBeNull();
  await screen.findByRole('link', { name: 'Fox' });
});
