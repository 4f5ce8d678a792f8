import { createTestHost, signInForTest as signIn } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import manifest from '../manifest';
import { ban } from '../test-support/fixtures';
import { Where } from '../test-support/where';
import { BansView } from './bans-view';
import { FIRST_BANS_PAGE } from './first-page';

const PAGE_ONE = [ban({ id: 3, ip: '10.0.0.3', playerName: 'Fox' }), ban({ id: 2, playerName: 'Owl', ip: '10.0.0.2' })];
const PAGE_TWO = [ban({ id: 1, playerName: 'Bat', status: 'unbanned', unbanReason: 'appeal' })];

function installBansApi() {
  return createTestHost({
    'GET /api/bans': ({ query }) =>
      query.get('cursor') === 'c2'
        ? { body: { bans: PAGE_TWO, nextCursor: null } }
        : { body: { bans: PAGE_ONE, nextCursor: 'c2' } },
    'POST /api/bans': ({ body }) => ({ status: 201, body: ban({ id: 9, ...(body as object) }) }),
    'PATCH /api/bans/:id': ({ params, body }) => ({ body: ban({ id: Number(params.id), ...(body as object) }) }),
    'POST /api/bans/:id/unban': ({ params }) => ({ body: ban({ id: Number(params.id), status: 'unbanned' }) }),
  });
}

function renderView(mode: 'staff' | 'public', url = '/admin/bans') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <BansView mode={mode} />
      <Where />
    </MemoryRouter>,
  );
}

afterEach(cleanup);
beforeEach(() => signIn(null));

describe('the public /bans page', () => {
  it('never shows IPs or staff actions, even when the answer holds IPs', async () => {
    installBansApi();
    signIn(['bans.*', 'players.view-ips']);
    renderView('public', '/bans');
    const table = await screen.findByRole('table');
    expect(within(table).queryByText('IP')).toBeNull();
    expect(table.textContent).not.toContain('10.0.0.3');
    expect(within(table).queryByRole('button', { name: 'Unban' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New ban' })).toBeNull();
    expect(within(table).getByText('Fox')).toBeTruthy();
    expect(within(table).getAllByText('Rabbit')).toHaveLength(2);
  });
});

describe('a ban taken from a federation feed', () => {
  it('shows its length as any other ban and, with no name known, the Steam id', async () => {
    const federated = ban({
      id: 7,
      playerName: null,
      steamid: '76561198000000777',
      length: 604_795,
      origin: { site: 'https://neighbour.example', appeals: null },
    });
    createTestHost({ 'GET /api/bans': () => ({ body: { bans: [federated], nextCursor: null } }) });
    renderView('public', '/bans');
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('1 week')).toBeTruthy();
    expect(row.textContent).not.toContain('minutes');
    expect(row.textContent).not.toContain('Unknown');
    expect(within(row).getAllByText('76561198000000777').length).toBeGreaterThan(0);
  });
});

describe("the list's first page, fetched with the page's code", () => {
  it('is the call the routes name as their data, and is drawn from the answer the shell prefetched', async () => {
    for (const path of ['/admin/bans', '/bans']) {
      expect(manifest.routes.find((route) => route.path === path)?.data).toEqual([FIRST_BANS_PAGE]);
    }
    const asked = installBansApi();
    renderView('staff');
    await screen.findByRole('table');
    expect(asked.paths()[0]).toBe(`GET ${FIRST_BANS_PAGE}`);
    cleanup();
    const prefetched = createTestHost(
      { 'GET /api/bans': { body: { bans: PAGE_TWO, nextCursor: null } } },
      { prefetched: { [FIRST_BANS_PAGE]: { bans: PAGE_ONE, nextCursor: 'c2' } } },
    );
    renderView('staff');
    expect(within(screen.getByRole('table')).getByText('Fox')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(prefetched.paths()).toEqual([]);
  });
});

describe('a ban taken from another community (federation)', () => {
  it('says which community it came from in the list', async () => {
    createTestHost({
      'GET /api/bans': {
        body: {
          bans: [
            ban({ id: 5, playerName: 'Lynx', origin: { site: 'https://bans.friends.example', appeals: null } }),
            ban({ id: 4, playerName: 'Mole' }),
          ],
          nextCursor: null,
        },
      },
    });
    renderView('public', '/bans');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('from bans.friends.example')).toBeTruthy();
    expect(within(table).getAllByText(/^from /)).toHaveLength(1);
  });
});

describe('the staff /admin/bans page', () => {
  it('pages with the keyset cursor: Next sends it, Previous goes back', async () => {
    const api = installBansApi();
    renderView('staff');
    await screen.findByText('Owl');
    expect(screen.getByText('Page 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Bat');
    expect(api.calls.at(-1)?.query.get('cursor')).toBe('c2');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Owl');
    expect(api.calls.at(-1)?.query.get('cursor')).toBeNull();
  });

  it('puts search and filters in the URL and the API query, back on page one', async () => {
    const api = installBansApi();
    renderView('staff');
    await screen.findByText('Owl');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Bat');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'active' } });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: ' STEAM_0:1:5 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls.at(-1)?.query.get('q')).toBe('STEAM_0:1:5'));
    const last = api.calls.at(-1);
    expect(last?.query.get('status')).toBe('active');
    expect(last?.query.get('cursor')).toBeNull();
    expect(screen.getByLabelText('location').textContent).toBe('/admin/bans?status=active&q=STEAM_0%3A1%3A5');
  });

  it('shows IPs to staff when sent, and unbans only after confirming with a reason', async () => {
    const api = installBansApi();
    signIn(['bans.*']);
    renderView('staff');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('10.0.0.3')).toBeTruthy();
    const row = within(table).getByText('Owl').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Unban' }));
    const dialog = screen.getByRole('dialog', { name: 'Unban Owl?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(row).getByRole('button', { name: 'Unban' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unban' }));
    expect(await screen.findByText('Say why the ban is lifted')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText('Why is the ban lifted?'), { target: { value: 'appeal accepted' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unban' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const unban = api.calls.find((call) => call.method === 'POST');
    expect(unban?.path).toBe('/api/bans/2/unban');
    expect(unban?.body).toEqual({ reason: 'appeal accepted' });
    expect(api.notifications.at(-1)).toMatchObject({ level: 'success', message: 'Ban #2 lifted' });
  });

  it('creates a ban from any SteamID form, checked before sending', async () => {
    const api = installBansApi();
    signIn(['bans.create']);
    renderView('staff');
    await screen.findByText('Owl');
    expect(screen.queryByRole('button', { name: 'Unban' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New ban' }));
    const dialog = screen.getByRole('dialog', { name: 'New ban' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban player' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/SteamID|IP|reason|Too small/i);
    fireEvent.change(within(dialog).getByLabelText('SteamID'), { target: { value: '[U:1:11]' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'wallhack' } });
    fireEvent.change(within(dialog).getByLabelText('Length'), { target: { value: 'permanent' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban player' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const created = api.calls.find((call) => call.method === 'POST');
    expect(created?.body).toEqual({
      type: 'ban',
      steamid: '[U:1:11]',
      reason: 'wallhack',
      length: null,
      scope: { kind: 'community' },
    });
  });

  it('edits an active ban: reason and length, sent as a PATCH', async () => {
    const api = installBansApi();
    signIn(['bans.edit']);
    renderView('staff');
    const row = (await screen.findByText('Owl')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit ban #2' });
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('cheating');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'cheating, confirmed by demo' } });
    fireEvent.change(within(dialog).getByLabelText('Length'), { target: { value: String(7 * 86400) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save ban' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patch = api.calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('/api/bans/2');
    expect(patch?.body).toEqual({ reason: 'cheating, confirmed by demo', length: 604800 });
  });
});
