import { createTestHost, signInForTest as signIn } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, it } from 'vitest';
import '../test-support/catalogs';
import { BansTable } from '../bans/bans-table';
import ManageUserPage from '../pages/manage-user-page';
import { ban, FOX, player } from '../test-support/fixtures';
import { Where } from '../test-support/where';

// Issue 22: the player modal was drawn outside its remote's root (unstyled), its tabs were
// underlined links, its sub-tabs ran together and its details were the browser's default list.

function installApi() {
  return createTestHost({
    'GET /api/players': () => ({ body: { players: [], nextCursor: null } }),
    'GET /api/players/:id': () => ({ body: player() }),
    'GET /api/players/:id/stats': () => ({ status: 404, body: { error: 'NOT_FOUND', message: 'none' } }),
    'GET /api/bans': () => ({
      body: { bans: [ban({ id: 5 }), ban({ id: 4, status: 'expired', reason: 'spam' })], nextCursor: null },
    }),
  });
}

function renderPage(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin/players/:id/*" element={<ManageUserPage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

afterEach(cleanup);
beforeEach(() => signIn(['players.view']));

it("draws the modal in the kit's portal carrying the remote's root, so its styles reach it", async () => {
  installApi();
  renderPage(`/admin/players/${FOX}/overview`);
  const dialog = await screen.findByRole('dialog', { name: 'Fox' });
  expect(dialog.closest('[data-remote="players-bans-notes"]')).not.toBeNull();
  expect(dialog.classList.contains('modal-card')).toBe(true);
});

it('shows sections and overview sub-sections as real tablists that arrow keys move through', async () => {
  installApi();
  renderPage(`/admin/players/${FOX}/overview`);
  const dialog = await screen.findByRole('dialog', { name: 'Fox' });
  const sections = within(dialog).getByRole('tablist', { name: 'Player sections' });
  expect(within(sections).getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
  const sub = within(dialog).getByRole('tablist', { name: 'Overview sections' });
  expect(
    within(sub)
      .getAllByRole('tab')
      .map((tab) => tab.textContent),
  ).toEqual(['Summary', 'Names', 'Servers', 'Stats']);
  fireEvent.keyDown(within(sub).getByRole('tab', { name: 'Summary' }), { key: 'ArrowRight' });
  await waitFor(() =>
    expect(screen.getByLabelText('location').textContent).toBe(`/admin/players/${FOX}/overview/names`),
  );
  expect(within(sub).getByRole('tab', { name: 'Names' }).getAttribute('aria-selected')).toBe('true');
  expect(within(dialog).getByRole('table', { name: 'Names' })).toBeTruthy();
  fireEvent.click(within(sections).getByRole('tab', { name: 'Bans (1/2)' }));
  await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe(`/admin/players/${FOX}/bans`));
});

it('lists the details in a DescriptionList with dates as <time datetime>', async () => {
  installApi();
  renderPage(`/admin/players/${FOX}/overview`);
  const dialog = await screen.findByRole('dialog', { name: 'Fox' });
  const list = dialog.querySelector('dl.description-list') as HTMLElement;
  expect(list).not.toBeNull();
  const firstSeen = within(list).getByText('First seen').nextElementSibling as HTMLElement;
  expect(firstSeen.querySelector('time')?.getAttribute('datetime')).toBe(new Date(1_690_000_000_000).toISOString());
});

it("shows 'Active' in the one danger tone in the player modal and in the ban list alike", async () => {
  installApi();
  renderPage(`/admin/players/${FOX}/bans`);
  const dialog = await screen.findByRole('dialog', { name: 'Fox' });
  const inModal = (await within(dialog).findByText('Active')).closest('.status-badge') as HTMLElement;
  cleanup();
  render(
    <MemoryRouter>
      <BansTable bans={[ban()]} mode="public" />
    </MemoryRouter>,
  );
  const inList = screen.getByText('Active').closest('.status-badge') as HTMLElement;
  for (const badge of [inModal, inList]) {
    expect(badge.dataset.status).toBe('ban.active');
    expect(badge.classList.contains('is-danger')).toBe(true);
  }
});
