import { useSessionStore } from '@outpost/host';
import { createTestHost, type FakeHandler, signInForTest as signIn } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../test-support/catalogs';
import { ban, FOX, player } from '../test-support/fixtures';
import { Where } from '../test-support/where';
import { ImpersonateButton } from './impersonate-button';
import { ManageUserView, PlayersPageView } from './players-page-view';

const ADMIN = { roles: [{ id: 'r1', name: 'Moderator' }], flags: 'bcd', immunityLevel: 10, codes: ['bans.*'] };

function installPlayerApi(extra: Record<string, FakeHandler> = {}) {
  return createTestHost({
    'GET /api/players': () => ({ body: { players: [], nextCursor: null } }),
    'GET /api/players/:id': ({ params }) =>
      params.id === FOX || params.id === 'STEAM_0:1:5'
        ? { body: player() }
        : { status: 404, body: { error: 'NOT_FOUND', message: 'No player' } },
    'GET /api/players/:id/stats': () => ({
      status: 404,
      body: { error: 'NOT_FOUND', message: 'No stats found for user' },
    }),
    'GET /api/players/:id/playtime': ({ params }) => ({ body: { steamid: params.id, ranks: [], sessions: [] } }),
    'GET /api/users/:id': ({ params }) => ({
      body: { user: { id: params.id, name: 'Fox', steamid: FOX, avatarhash: null }, adminData: ADMIN },
    }),
    'GET /api/roles': () => ({
      body: [
        { id: 'r1', name: 'Moderator', flags: 'bcd', immunityLevel: 10 },
        { id: 'r2', name: 'Admin', flags: 'z', immunityLevel: 90 },
      ],
    }),
    'PUT /api/users/:id/privileges': ({ params, body }) => ({
      body: {
        user: { id: params.id, name: 'Fox', steamid: FOX, avatarhash: null },
        adminData: { ...ADMIN, ...(body as object) },
      },
    }),
    'GET /api/bans': () => ({
      body: { bans: [ban({ id: 5 }), ban({ id: 4, status: 'expired', reason: 'spam' })], nextCursor: null },
    }),
    ...extra,
  });
}

/** A member without staff permissions, signed in as the given Steam account. */
function signInMember(steamid: string) {
  useSessionStore.getState().setSession({
    user: { name: 'Member', steamid, avatarhash: null },
    permissions: { codes: [], flags: '', immunityLevel: 0, base: null },
    impersonatingId: null,
  });
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin/players" element={<PlayersPageView />} />
        <Route path="/admin/users" element={<PlayersPageView />} />
        <Route path="/admin/players/:id/*" element={<ManageUserView />} />
        <Route path="/admin/users/:id/*" element={<ManageUserView />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const location = () => screen.getByLabelText('location').textContent;

afterEach(cleanup);
beforeEach(() => signIn(['players.view']));

it('opens the overview, links back to returnTo and closes to it on Escape', async () => {
  installPlayerApi();
  renderAt(`/admin/players/${FOX}?returnTo=${encodeURIComponent('/admin/audit/7?type=CHAT')}`);
  // The first test of the file also pays for the cold start of the modules it loads.
  const dialog = await screen.findByRole('dialog', { name: 'Fox' }, { timeout: 5000 });
  await waitFor(
    () => expect(location()).toBe(`/admin/players/${FOX}/overview?returnTo=%2Fadmin%2Faudit%2F7%3Ftype%3DCHAT`),
    { timeout: 5000 },
  );
  expect(within(dialog).getByText('STEAM_1:1:5')).toBeTruthy();
  expect(within(dialog).getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/admin/audit/7?type=CHAT');
  expect(within(dialog).getByRole('tab', { name: 'Bans (1/2)' })).toBeTruthy();
  // Without users.view-admin there is no privileges tab.
  expect(within(dialog).queryByRole('tab', { name: 'Privileges' })).toBeNull();
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(screen.getByText('elsewhere')).toBeTruthy();
  expect(location()).toBe('/admin/audit/7?type=CHAT');
});

it('shows the stats service’s user on the overview', async () => {
  installPlayerApi({
    'GET /api/players/:id/stats': () => ({ body: { user: { kills: 1234, favouriteMap: 'c2m1_highway' } } }),
  });
  renderAt(`/admin/players/${FOX}/overview`);
  const stats = await screen.findByRole('region', { name: 'Stats' });
  expect(await within(stats).findByText('1234')).toBeTruthy();
  expect(within(stats).getByText('favouriteMap')).toBeTruthy();
  expect(within(stats).getByText('c2m1_highway')).toBeTruthy();
});

it("shows 'No stats found for user' when the stats service has none, and closes to the list on a background click", async () => {
  installPlayerApi();
  renderAt(`/admin/users/STEAM_0%3A1%3A5/overview/stats`);
  expect(await screen.findByText('No stats found for user')).toBeTruthy();
  fireEvent.click(screen.getByTestId('modal-background'));
  expect(location()).toBe('/admin/users');
});

it('shows a stats service failure with its status, status text and body', async () => {
  installPlayerApi({
    'GET /api/players/:id/stats': () => ({
      status: 502,
      body: { error: 'STATS_FAILED', message: '500 Internal Server Error boom' },
    }),
  });
  renderAt(`/admin/players/${FOX}/overview/stats`);
  expect((await screen.findByRole('alert')).textContent).toBe('Could not load stats: 500 Internal Server Error boom');
});

it('shows privileges read-only with users.view-admin alone', async () => {
  const api = installPlayerApi();
  signIn(['players.view', 'users.view-admin']);
  renderAt(`/admin/players/${FOX}/privileges`);
  const kick = (await screen.findByRole('checkbox', { name: 'c: Kick' })) as HTMLInputElement;
  expect(kick.checked).toBe(true);
  expect(kick.disabled).toBe(true);
  expect(screen.queryByRole('button', { name: 'Save privileges' })).toBeNull();
  expect(api.calls.find((call) => call.path === '/api/users/u-fox')?.query.get('include')).toBe('admin');
});

it('edits and saves privileges with users.edit-privileges', async () => {
  const api = installPlayerApi();
  signIn(['players.view', 'users.view-admin', 'users.edit-privileges']);
  renderAt(`/admin/players/${FOX}/privileges`);
  fireEvent.click(await screen.findByRole('checkbox', { name: 'a: Reserved Slot' }));
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Admin' }));
  fireEvent.change(screen.getByLabelText('Immunity'), { target: { value: '20' } });
  fireEvent.change(screen.getByLabelText(/Permission codes/), { target: { value: 'bans.*\nnotes.view-private\n' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save privileges' }));
  await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
  expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
    roleIds: ['r1', 'r2'],
    flags: 'abcd',
    immunityLevel: 20,
    codes: ['bans.*', 'notes.view-private'],
  });
});

it('opens a named ban in the bans tab', async () => {
  installPlayerApi();
  renderAt(`/admin/players/${FOX}/bans/4`);
  const detail = await screen.findByRole('region', { name: 'Ban 4' });
  expect(within(detail).getByText('spam')).toBeTruthy();
  expect(within(detail).getByText('Expired')).toBeTruthy();
});

it('resolves an Outpost user id (a staff member in the log) to the SteamID', async () => {
  installPlayerApi();
  renderAt('/admin/players/u-fox/notes?returnTo=%2Fadmin%2Faudit');
  await waitFor(() => expect(location()).toBe(`/admin/players/${FOX}/notes?returnTo=%2Fadmin%2Faudit`));
});

it('lets a member without players.view open only their own profile, which closes home', async () => {
  installPlayerApi();
  signInMember(FOX);
  renderAt(`/admin/players/${FOX}/overview`);
  await screen.findByRole('dialog', { name: 'Fox' });
  await screen.findByRole('region', { name: 'Leaderboard ranks' });
  // The activity timeline is staff's: the player's own page has none (and asks for none).
  expect(screen.queryByRole('region', { name: 'Activity' })).toBeNull();
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(location()).toBe('/');
});

it('shows staff the player’s activity timeline on the overview', async () => {
  installPlayerApi({
    'GET /api/players/:id/activity': ({ params }) => ({
      body: {
        steamid: params.id,
        days: 30,
        buckets: [{ day: '2026-11-29', playSeconds: 7200, chatLines: 3, bans: 0, notes: 0, warnings: 1, reports: 0 }],
      },
    }),
  });
  renderAt(`/admin/players/${FOX}/overview`);
  const activity = await screen.findByRole('region', { name: 'Activity' }, { timeout: 5000 });
  expect(
    await within(activity).findByText('2 hr 0 min played · 3 chat lines · 0 bans · 1 warning · 0 reports · 0 notes'),
  ).toBeTruthy();
  expect(within(activity).getByRole('tab', { name: '30 d' }).getAttribute('aria-selected')).toBe('true');
});

it('shows the player their own rank and time played per server group, this week, this month and all time', async () => {
  const api = installPlayerApi({
    'GET /api/players/:id/playtime': ({ params }) => ({
      body: {
        steamid: params.id,
        ranks: [
          { groupId: 'g2', groupName: 'Versus', period: 'all', rank: 40, seconds: 3_600 },
          { groupId: 'g1', groupName: 'Coop', period: 'week', rank: 1, seconds: 12_000 },
          { groupId: 'g1', groupName: 'Coop', period: 'month', rank: 2, seconds: 15_000 },
          { groupId: 'g1', groupName: 'Coop', period: 'all', rank: 7, seconds: 90_000 },
        ],
        sessions: [],
      },
    }),
  });
  signInMember(FOX);
  renderAt(`/admin/players/${FOX}/overview`);
  const ranks = await screen.findByRole('region', { name: 'Leaderboard ranks' });
  const table = await within(ranks).findByRole('table', { name: 'Rank and time played per server group' });
  const [, coop, versus] = within(table).getAllByRole('row');
  expect(coop?.textContent).toBe('Coop#13 hr 20 min#24 hr 10 min#725 hr 0 min');
  expect(
    within(coop as HTMLElement)
      .getByRole('link', { name: 'Coop' })
      .getAttribute('href'),
  ).toBe('/leaderboards?group=g1');
  expect(versus?.textContent).toBe('VersusNot playedNot played#401 hr 0 min');
  expect(api.paths()).toContain(`GET /api/players/${FOX}/playtime?limit=1`);
});

it('says so on the overview when the player has no playtime in any leaderboard', async () => {
  installPlayerApi();
  renderAt(`/admin/players/${FOX}/overview`);
  const ranks = await screen.findByRole('region', { name: 'Leaderboard ranks' });
  expect(await within(ranks).findByText('No playtime recorded yet.')).toBeTruthy();
});

it("shows the access card on someone else's profile without players.view, and asks the API nothing", async () => {
  const api = installPlayerApi();
  signInMember('76561197960265731');
  renderAt(`/admin/players/${FOX}/overview`);
  expect(screen.getByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.calls).toEqual([]);
});

describe('Impersonate', () => {
  const fox = () => player();
  it('is offered only with users.impersonate, asks first, and says why the API refused', async () => {
    const api = installPlayerApi({
      'POST /api/admins/impersonate/:userId': () => ({
        status: 403,
        body: { error: 'TARGET_IMMUNE', message: 'Fox has an immunity level equal to or above yours' },
      }),
    });
    renderAt(`/admin/players/${FOX}/overview`);
    await screen.findByRole('dialog', { name: 'Fox' });
    expect(screen.queryByRole('button', { name: 'Impersonate' })).toBeNull();
    cleanup();

    signIn(['players.view', 'users.impersonate']);
    renderAt(`/admin/players/${FOX}/overview`);
    fireEvent.click(await screen.findByRole('button', { name: 'Impersonate' }));
    const confirm = screen.getByRole('dialog', { name: `Impersonate ${fox().name}?` });
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Impersonate' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(
      'Impersonation Failed: Fox has an immunity level equal to or above yours',
    );
    expect(api.calls.find((call) => call.method === 'POST')?.path).toBe('/api/admins/impersonate/u-fox');
  });

  it('starts on confirm and hands over to a fresh page as the user', async () => {
    const admin = { name: 'Fox', accountid: FOX, id: 'u-fox', avatarhash: null };
    installPlayerApi({
      'POST /api/admins/impersonate/:userId': () => ({
        body: { user: admin, permissions: { codes: [], flags: '', immunityLevel: 0, base: null } },
      }),
    });
    signIn(['players.view', 'users.impersonate']);
    const started = vi.fn();
    render(<ImpersonateButton player={fox()} onStarted={started} />);
    fireEvent.click(screen.getByRole('button', { name: 'Impersonate' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Impersonate' }));
    await waitFor(() => expect(started).toHaveBeenCalledOnce());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

it('reports a failed user lookup with status, status text and body, in that order (SPEC 8)', async () => {
  installPlayerApi({
    'GET /api/users/:id': () =>
      new Response('{"error":"DATABASE_BUSY","message":"try again"}', {
        status: 503,
        statusText: 'Service Unavailable',
        headers: { 'content-type': 'application/json' },
      }),
  });
  renderAt('/admin/players/u-fox/notes');
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Could not load the user: 503 Service Unavailable {"error":"DATABASE_BUSY","message":"try again"}',
  );
});

it("says 'No users were found for id?' when the user does not exist", async () => {
  installPlayerApi({
    'GET /api/users/:id': () => ({ status: 404, body: { error: 'NOT_FOUND', message: 'No users were found for id?' } }),
  });
  renderAt('/admin/players/u-nobody/notes');
  expect((await screen.findByRole('alert')).textContent).toBe('Could not load the user: No users were found for id?');
});
