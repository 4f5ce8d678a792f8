import type { Ban } from '@outpost/contracts';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { ban, FOX, player } from '../test-support/fixtures';
import { Where } from '../test-support/where';
import { ManageUserView } from './players-page-view';

// Issue 25 items 1 and 6 in the player's overview: "Connected now on <server>" or "Last seen on
// <server> <time>", and "Ban or block" opening the usual ban form (bans/new) on the player.

const now = Math.floor(Date.now() / 1000);
const onServer = { serverId: 's1', serverName: 'Versus #1', firstSeen: now - 9000, totalTime: 600 };

function serve(servers: ReturnType<typeof player>['servers']) {
  return createTestHost({
    'GET /api/players/:id': () => ({ body: player({ servers }) }),
    'GET /api/players/:id/stats': () => ({
      status: 404,
      body: { error: 'NOT_FOUND', message: 'No stats found for user' },
    }),
    'GET /api/bans': () => ({ body: { bans: [], nextCursor: null } }),
    'POST /api/game-presence/:serverId/kick': ({ params }) => ({
      body: { serverId: params.serverId, steamid: FOX, via: 'rcon', commandId: null },
    }),
    'POST /api/bans': ({ body }) => ({
      status: 201,
      body: ban({ id: 9, type: (body as { type: Ban['type'] }).type, reason: (body as { reason: string }).reason }),
    }),
  });
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin/players/:id/*" element={<ManageUserView />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  signInForTest(null);
});

describe("the player's whereabouts", () => {
  it('says where the player is connected now, and the one action opens the usual form prefilled', async () => {
    const host = serve([{ ...onServer, lastSeen: now - 300, connectedAt: now - 300 }]);
    signInForTest(['players.view', 'bans.*']);
    renderAt(`/admin/players/${FOX}/overview?returnTo=%2Fadmin%2Fservers%2Fg%2Fs1`);
    const where = await screen.findByRole('region', { name: 'Where the player is' });
    expect(where.textContent).toContain('Connected now on Versus #1 since 5 minutes ago');
    const banPath = `/admin/players/${FOX}/bans/new?returnTo=%2Fadmin%2Fservers%2Fg%2Fs1`;
    fireEvent.click(within(where).getByRole('link', { name: 'Ban or block' }));
    // In-app links go through the host's router (here: recorded), which then shows bans/new.
    expect(host.navigations).toEqual([banPath]);
    cleanup();
    renderAt(banPath);
    const form = await screen.findByRole('dialog', { name: 'New ban' });
    expect(form.textContent).toContain(FOX);
    // The usual form: ban or comm block (mute, gag, silence).
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'gag' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Left mid-round shouting' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ban player' }));
    await waitFor(() => expect(host.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(host.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      type: 'gag',
      steamid: FOX,
      reason: 'Left mid-round shouting',
    });
    await waitFor(() =>
      expect(screen.getByLabelText('location').textContent).toBe(
        `/admin/players/${FOX}/bans?returnTo=%2Fadmin%2Fservers%2Fg%2Fs1`,
      ),
    );
  });

  it('says where the player was last seen when not connected, and bans/new closes back to the bans tab', async () => {
    serve([
      { ...onServer, lastSeen: now - 7200, connectedAt: null },
      { ...onServer, serverId: 's2', serverName: 'Coop #2', lastSeen: now - 600, connectedAt: null },
    ]);
    signInForTest(['players.view', 'bans.*']);
    renderAt(`/admin/players/${FOX}/bans/new`);
    const form = await screen.findByRole('dialog', { name: 'New ban' });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe(`/admin/players/${FOX}/bans`));
    cleanup();
    renderAt(`/admin/players/${FOX}/overview`);
    const where = await screen.findByRole('region', { name: 'Where the player is' });
    expect(where.textContent).toContain('Last seen on Coop #2');
    expect(where.textContent).not.toContain('Connected now');
  });

  it('offers no ban action without bans.create', async () => {
    serve([{ ...onServer, lastSeen: now - 300, connectedAt: now - 300 }]);
    signInForTest(['players.view']);
    renderAt(`/admin/players/${FOX}/overview`);
    const where = await screen.findByRole('region', { name: 'Where the player is' });
    expect(within(where).queryByRole('link')).toBeNull();
    cleanup();
    renderAt(`/admin/players/${FOX}/bans/new`);
    await screen.findByRole('tab', { name: /Bans/, selected: true });
    expect(screen.queryByRole('dialog', { name: 'New ban' })).toBeNull();
  });

  it('kicks from a server the player is connected to, with a reason (players.kick)', async () => {
    const host = serve([
      { ...onServer, lastSeen: now - 300, connectedAt: now - 300 },
      { ...onServer, serverId: 's2', serverName: 'Coop #2', lastSeen: now - 60, connectedAt: now - 60 },
    ]);
    signInForTest(['players.view', 'players.kick']);
    renderAt(`/admin/players/${FOX}/overview`);
    const where = await screen.findByRole('region', { name: 'Where the player is' });
    const kicks = within(where).getAllByRole('button', { name: /^Kick / });
    expect(kicks).toHaveLength(2);
    fireEvent.click(kicks[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: /^Kick / });
    expect(dialog.textContent).toMatch(/is kicked from (Coop #2|Versus #1) now/);
    const server = dialog.textContent?.includes('Coop #2') ? 's2' : 's1';
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Mic spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kick' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Kick / })).toBeNull());
    expect(host.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/api/game-presence/${server}/kick`,
      body: { steamid: FOX, reason: 'Mic spam' },
    });
    expect(host.notifications.at(-1)).toMatchObject({
      level: 'success',
      message: `Fox was kicked from ${server === 's2' ? 'Coop #2' : 'Versus #1'}`,
    });
  });

  it('offers no kick without players.kick, nor where the player is not connected', async () => {
    serve([{ ...onServer, lastSeen: now - 300, connectedAt: now - 300 }]);
    signInForTest(['players.view', 'bans.*']);
    renderAt(`/admin/players/${FOX}/overview`);
    const where = await screen.findByRole('region', { name: 'Where the player is' });
    expect(within(where).queryByRole('button', { name: /^Kick / })).toBeNull();
    cleanup();
    serve([{ ...onServer, lastSeen: now - 7200, connectedAt: null }]);
    signInForTest(['players.view', 'players.kick']);
    renderAt(`/admin/players/${FOX}/overview`);
    const left = await screen.findByRole('region', { name: 'Where the player is' });
    expect(within(left).queryByRole('button', { name: /^Kick / })).toBeNull();
  });
});
