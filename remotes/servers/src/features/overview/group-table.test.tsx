import { createTestHost, jsonResponse as json } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGroup, makeServer } from '../../test-support/fixtures';
import { GroupTable } from './group-table';
import '../../test-support/catalogs';

afterEach(cleanup);

// The details modal asks for the server's history (issue 28): none yet.
function serveHistory() {
  createTestHost((request) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/history'))
      return json({
        serverId: 'x',
        range: '24h',
        bucketSeconds: 60,
        from: 0,
        to: 1,
        uptime: null,
        buckets: [],
        maps: [],
      });
    if (url.pathname.endsWith('/peak-hours'))
      return json({ serverId: 'x', days: 30, offset: 0, from: 0, to: 1, cells: [] });
    return undefined;
  });
}

function renderTable(group = makeGroup(), canManage = false) {
  serveHistory();
  return render(
    <MemoryRouter>
      <GroupTable group={group} canManage={canManage} manageMode={false} />
    </MemoryRouter>,
  );
}

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

describe('GroupTable', () => {
  it('shows an L4D2 group with map, connect command, Join link and lobby command', () => {
    renderTable();
    expect(screen.getByRole('heading', { name: 'Coop Servers' })).toBeTruthy();
    expect(screen.getByText('Campaigns with friends')).toBeTruthy();
    expect(headers()).toEqual(['Name', 'Players', 'Current Map', 'Direct Connect Command', 'Create Lobby Command']);
    const row = screen.getByRole('row', { name: /Coop #1/ });
    expect(row.textContent).toContain('1/4');
    expect(row.textContent).toContain('c2m1_highway');
    expect(row.textContent).toContain('connect coop1.example.org:27015');
    expect(row.textContent).toContain('mm_dedicated_force_servers coop1.example.org:27015');
    expect(within(row).getByRole('link', { name: 'Join' }).getAttribute('href')).toBe(
      'steam://connect/coop1.example.org:27015',
    );
  });

  it('has no lobby column for other source games and no Join link when offline', () => {
    renderTable(
      makeGroup({ game: 'tf2', servers: [makeServer({ online: false, status: { data: null, updatedAt: null } })] }),
    );
    expect(headers()).toEqual(['Name', 'Players', 'Current Map', 'Direct Connect Command']);
    const row = screen.getByRole('row', { name: /Coop #1/ });
    expect(within(row).queryByRole('link', { name: 'Join' })).toBeNull();
    expect(row.textContent).toContain('-');
  });

  it('shows just the IP for Minecraft', () => {
    renderTable(makeGroup({ game: 'minecraft', servers: [makeServer({ host: 'mc.example.org', port: 25565 })] }));
    expect(headers()).toEqual(['Name', 'Players', 'IP']);
    const row = screen.getByRole('row', { name: /Coop #1/ });
    expect(row.textContent).toContain('mc.example.org');
    expect(row.textContent).not.toContain('connect');
  });

  it("shows the '5+' and 'Custom Maps' tags", () => {
    renderTable(makeGroup({ servers: [makeServer({ tags: ['5+', 'customs', 'secret'] })] }));
    const row = screen.getByRole('row', { name: /Coop #1/ });
    expect(within(row).getByText('5+')).toBeTruthy();
    expect(within(row).getByText('Custom Maps')).toBeTruthy();
    expect(within(row).queryByText('secret')).toBeNull();
  });

  it('gives each status its tooltip', () => {
    renderTable(
      makeGroup({
        servers: [
          makeServer({ id: 'a', name: 'Full' }),
          makeServer({
            id: 'b',
            name: 'Empty',
            status: { data: { players: [], maxplayers: 4, map: 'c1m1' }, updatedAt: 1 },
          }),
          makeServer({ id: 'c', name: 'Quiet', status: { data: null, updatedAt: null } }),
          makeServer({ id: 'd', name: 'Down', online: false, status: { data: null, updatedAt: null } }),
        ],
      }),
    );
    const tooltip = (name: string) =>
      within(screen.getByRole('row', { name: new RegExp(name) }))
        .getByRole('img')
        .getAttribute('title');
    expect(tooltip('Full')).toBe('Server has players online');
    expect(tooltip('Empty')).toBe('Server is empty');
    expect(tooltip('Quiet')).toBe('Server is online, but cannot get data');
    expect(tooltip('Down')).toBe('Server is offline, unresponsive, or unreachable');
  });

  it('links server names to their manage page only for users who may manage servers', () => {
    renderTable(makeGroup(), true);
    expect(screen.getByRole('link', { name: 'Coop #1' }).getAttribute('href')).toBe('/admin/servers/coop/coop-1');
    cleanup();
    renderTable(makeGroup(), false);
    expect(screen.queryByRole('link', { name: 'Coop #1' })).toBeNull();
  });

  it('opens the public details from the name for everyone else, with the players on it (its code fetched on open)', async () => {
    renderTable(makeGroup());
    fireEvent.click(screen.getByRole('button', { name: 'Coop #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Coop #1' });
    expect(within(dialog).getByText('Server has players online')).toBeTruthy();
    expect(within(dialog).getByText('connect coop1.example.org:27015')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Players online' })).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Zoey']);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('counts the players the server reports, not the sample of names (Minecraft)', async () => {
    const server = makeServer({
      status: {
        data: { players: [{ name: 'Steve' }, { name: 'Alex' }], maxplayers: 200, map: null, playerCount: 137 },
        updatedAt: 1,
      },
    });
    renderTable(makeGroup({ game: 'minecraft', servers: [server] }));
    expect(screen.getByRole('row', { name: /Coop #1/ }).textContent).toContain('137/200');
    fireEvent.click(screen.getByRole('button', { name: 'Coop #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Coop #1' });
    expect(within(dialog).getByRole('heading', { name: 'Some of the 137 players online' })).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Steve', 'Alex']);
  });

  it('keeps the name, the connect command and Join in view on a phone: they lead the row, unlabelled', () => {
    renderTable();
    const row = screen.getByRole('row', { name: /Coop #1/ });
    const primary = [...row.querySelectorAll('td.is-phone-primary')].map((cell) => cell.getAttribute('data-label'));
    expect(primary).toEqual(['Name', 'Direct Connect Command']);
    const join = within(row).getByRole('link', { name: 'Join' });
    expect(join.closest('td')?.classList.contains('is-phone-primary')).toBe(true);
    cleanup();
    renderTable(makeGroup({ game: 'minecraft', servers: [makeServer()] }));
    const craft = screen.getByRole('row', { name: /Coop #1/ });
    expect([...craft.querySelectorAll('td.is-phone-primary')].map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Name',
      'IP',
    ]);
  });

  it('says so in the one empty-state look when a group has no servers', () => {
    const { container } = renderTable(makeGroup({ servers: [] }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(container.querySelector('.state-block.is-empty')?.textContent).toContain('No servers in this group yet.');
  });
});
