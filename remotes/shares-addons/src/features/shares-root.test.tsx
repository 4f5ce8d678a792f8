import type { Addon, Share } from '@outpost/contracts';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { SharesRoot } from './shares-root';

const share: Share = {
  id: 'abc123',
  name: 'Campaigns',
  game: 'l4d2',
  quotaBytes: 10 * 1024 * 1024,
  usedBytes: 1536,
  addonCount: 2,
  groups: [{ id: 'g', name: 'Coop Servers' }],
  createdAt: 1,
};
const details = (maps: string[]): Addon['details'] => ({
  kind: 'vpk',
  title: null,
  author: 'Tester',
  version: '1.2',
  description: 'Two maps',
  maps,
  fileCount: 3,
  metadataFile: 'addoninfo.txt',
  vpkVersion: 1,
});
const addons: Addon[] = [
  {
    id: 'a1',
    shareId: 'abc123',
    name: 'b_campaign.vpk',
    title: 'Bridge',
    size: 1024,
    sha256: 'f'.repeat(64),
    modifiedAt: 1_700_000_000,
    source: 'upload',
    workshopId: null,
    details: details(['c1m1_bridge', 'c1m2_bridge']),
  },
  {
    id: 'a2',
    shareId: 'abc123',
    name: 'a_skins.vpk',
    title: null,
    size: 512,
    sha256: 'e'.repeat(64),
    modifiedAt: 1_700_000_100,
    source: 'workshop',
    workshopId: '777',
    details: details([]),
  },
];

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/shares/*" element={<SharesRoot />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Signed in with shares.*, share abc123 and its addons served, its list page drawn: the addons table. */
async function openShareList() {
  signInForTest(['shares.*']);
  createTestHost({
    'GET /api/shares/abc123': { body: { share, addons } },
    'GET /api/shares/abc123/workshop-jobs': { body: { jobs: [] } },
  });
  renderAt('/admin/shares/abc123/list');
  return screen.findByRole('table', { name: 'Addons in Campaigns' });
}

describe('shares-addons remote', () => {
  afterEach(cleanup);

  it('lists shares with sizes in KiB and the groups that use them', async () => {
    signInForTest(['shares.view']);
    createTestHost({ 'GET /api/shares': { body: { shares: [share] } } });
    renderAt('/admin/shares');
    const row = await screen.findByRole('row', { name: /Campaigns/ });
    expect(row.textContent).toContain('1.5 KiB of 10.0 MiB');
    expect(row.textContent).toContain('Coop Servers');
    expect(screen.queryByRole('button', { name: 'New share' })).toBeNull();
  });

  it('deletes a share with the kit danger button, only after the confirm dialog', async () => {
    signInForTest(['shares.*']);
    const asked = createTestHost({
      'GET /api/shares': { body: { shares: [share] } },
      'GET /api/shares/abc123': { body: { share, addons } },
      'DELETE /api/shares/abc123': { status: 204 },
    });
    renderAt('/admin/shares');
    const remove = within(await screen.findByRole('row', { name: /Campaigns/ })).getByRole('button', {
      name: 'Delete Campaigns',
    });
    // The kit's danger button, not a red text link.
    expect([...remove.classList]).toEqual(expect.arrayContaining(['button', 'is-danger']));
    expect(remove.classList.contains('link-button')).toBe(false);
    fireEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Campaigns?' });
    expect(asked.paths().some((call) => call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete share' }));
    await waitFor(() => expect(asked.paths().includes('DELETE /api/shares/abc123')).toBe(true));
  });

  it('shows a share as a list or a grid, filters it, and opens the addon info modal with its maps', async () => {
    const table = await openShareList();
    const names = within(table)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['a_skins.vpk', 'b_campaign.vpk']);
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'c1m2' } });
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['b_campaign.vpk']);
    fireEvent.click(screen.getByRole('link', { name: 'b_campaign.vpk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bridge' });
    expect(within(dialog).getByRole('region', { name: 'Maps' }).textContent).toContain('c1m1_bridgec1m2_bridge');
    expect(dialog.textContent).toContain('Tester');
    expect(dialog.textContent).toContain('1.0 KiB');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    cleanup();

    renderAt('/admin/shares/abc123/grid');
    expect((await screen.findByRole('list', { name: 'Addons in Campaigns' })).textContent).toContain('Bridge');
    fireEvent.change(screen.getByLabelText('Units'), { target: { value: 'decimal' } });
    expect(screen.getByRole('list', { name: 'Addons in Campaigns' }).textContent).toContain('1.0 kB');
  });

  it('shows dates as the one <time datetime>, the view modes as tabs that are pages, and the kit empty state', async () => {
    const table = await openShareList();
    const row = within(table).getByRole('row', { name: /b_campaign/ });
    const time = row.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(new Date(1_700_000_000_000).toISOString());
    expect(time?.textContent).toMatch(/^\d{4}-\d{2}-\d{2} at \d{1,2}:\d{2}(\s[AP]M)?$/);
    const modes = screen.getByRole('navigation', { name: 'View mode' });
    expect(within(modes).getByRole('link', { name: 'List' }).getAttribute('aria-current')).toBe('page');
    expect(within(modes).getByRole('link', { name: 'List' }).className).toContain('tab');
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'nothing-matches' } });
    expect(document.querySelector('.state-block.is-empty')?.textContent).toContain('No addon matches the filter.');
  });
});
