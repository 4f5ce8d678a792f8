import type { ServerPresence } from '@outpost/contracts';
import { setLocale } from '@outpost/host';
import { createTestHost, jsonResponse as json, signInForTest } from '@outpost/host/testing';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGroup } from '../../test-support/fixtures';
import { makeManagedServer } from '../../test-support/managed';
import { renderServerAdmin } from '../../test-support/render-server-admin';

// Issue 25 items 1 and 6 on the staff server page: who is connected (plugin), who left
// recently, the status query's names marked where there is no plugin, and "Ban or block".

const now = Math.floor(Date.now() / 1000);
const server = makeManagedServer({
  status: {
    data: { players: [{ name: 'Zoey', score: 12, duration: 3900 }], maxplayers: 4, map: 'c2m1_highway' },
    updatedAt: 1,
  },
});
const withPlugin: ServerPresence = {
  serverId: 'coop-1',
  serverName: 'Coop #1',
  plugin: true,
  connected: [{ steamid: '76561197960300101', name: 'Alice', connectedAt: now - 120 }],
  queried: null,
  recent: [{ steamid: '76561197960300102', name: 'Bob', lastSeen: now - 600 }],
  recentMinutes: 60,
};

function serve(presence: ServerPresence | null, kickAnswer: Response | null = null) {
  return createTestHost((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/game-presence/coop-1/kick' && request.method === 'POST')
      return kickAnswer ?? json({ serverId: 'coop-1', steamid: '76561197960300101', via: 'plugin', commandId: 7 });
    if (path === '/api/servers/coop-1') return json(server);
    if (path === '/api/servers') return json([makeGroup()]);
    if (path === '/api/game-presence/coop-1')
      return presence ? json(presence) : json({ error: 'FORBIDDEN', message: 'no' }, 403);
    return undefined;
  });
}

afterEach(() => {
  cleanup();
  signInForTest(null);
});

describe('who is where on the server page', () => {
  it("speaks the reader's language: the tables, their captions and the ban action (Russian plurals)", async () => {
    serve({ ...withPlugin, recentMinutes: 22 });
    signInForTest(['servers.*', 'players.view', 'bans.create']);
    await setLocale('ru');
    try {
      await renderServerAdmin();
      expect(await screen.findByRole('table', { name: 'Игроки на сервере сейчас (по событиям плагина)' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Вышли за последние 22 минуты' })).toBeTruthy();
      const recent = screen.getByRole('table', { name: 'Игроки, вышедшие за последние 22 минуты' });
      expect(within(recent).getByRole('link', { name: 'Забанить или заблокировать Bob' }).textContent).toBe(
        'Забанить или заблокировать',
      );
    } finally {
      await setLocale('en');
    }
  });

  it('lists the connected and the recently left with their Steam ids and a ban action to the usual form', async () => {
    serve(withPlugin);
    signInForTest(['servers.*', 'players.view', 'bans.create']);
    await renderServerAdmin();
    const connected = await screen.findByRole('table', { name: "Players connected now (from the plugin's events)" });
    expect(connected.textContent).toContain('Alice');
    expect(connected.textContent).toContain('76561197960300101');
    expect(connected.textContent).toContain('2 minutes ago');
    const recent = screen.getByRole('table', { name: 'Players who left in the last 60 minutes' });
    expect(recent.textContent).toContain('Bob');
    const ban = within(recent).getByRole('link', { name: 'Ban or block Bob' });
    expect(ban.getAttribute('href')).toBe(
      `/admin/players/76561197960300102/bans/new?returnTo=${encodeURIComponent('/admin/servers/coop/coop-1')}`,
    );
    expect(within(recent).getByRole('link', { name: 'Bob' }).getAttribute('href')).toContain(
      '/admin/players/76561197960300102/overview?returnTo=',
    );
    // The A2S table is not repeated when the plugin says who is there.
    expect(screen.queryByRole('table', { name: 'Players online' })).toBeNull();
  });

  it('marks the status query’s names as names only where the server has no plugin', async () => {
    serve({ ...withPlugin, plugin: false, connected: [], queried: [{ name: 'Zoey' }], recent: [] });
    signInForTest(['servers.*', 'players.view', 'bans.create']);
    await renderServerAdmin();
    expect(await screen.findByText('names only')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Players online' }).textContent).toContain('Zoey');
    expect(screen.getByText(/no plugin token: who left, with Steam ids, comes from its plugin/)).toBeTruthy();
  });

  it('offers no ban action without bans.create, and shows only the status query without players.view', async () => {
    serve(withPlugin);
    signInForTest(['servers.*', 'players.view']);
    await renderServerAdmin();
    await screen.findByRole('table', { name: "Players connected now (from the plugin's events)" });
    expect(screen.queryByRole('link', { name: /Ban or block/ })).toBeNull();
    cleanup();
    const host = serve(withPlugin);
    signInForTest(['servers.*']);
    await renderServerAdmin();
    expect(screen.getByRole('table', { name: 'Players online' }).textContent).toContain('Zoey');
    expect(host.calls.some((call) => call.path.startsWith('/api/game-presence/'))).toBe(false);
  });

  it('kicks a connected player with a reason (players.kick), and offers no kick for who left', async () => {
    const host = serve(withPlugin);
    signInForTest(['servers.*', 'players.view', 'players.kick']);
    await renderServerAdmin();
    const connected = await screen.findByRole('table', { name: "Players connected now (from the plugin's events)" });
    const recent = screen.getByRole('table', { name: 'Players who left in the last 60 minutes' });
    expect(within(recent).queryByRole('button', { name: /Kick/ })).toBeNull();
    expect(within(recent).queryByRole('link', { name: /Ban or block/ })).toBeNull();
    fireEvent.click(within(connected).getByRole('button', { name: 'Kick Alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kick Alice' });
    expect(dialog.textContent).toContain('Alice is kicked from Coop #1 now');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kick' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Give a reason');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'AFK' } });
    const loads = host.calls.filter((call) => call.path === '/api/game-presence/coop-1').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kick' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(host.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/game-presence/coop-1/kick',
      body: { steamid: '76561197960300101', reason: 'AFK' },
    });
    expect(host.notifications.at(-1)).toMatchObject({ level: 'success', message: 'Alice was kicked from Coop #1' });
    // The list is asked again after the kick (by an effect: it may run a moment after the dialog closed).
    await waitFor(() =>
      expect(host.calls.filter((call) => call.path === '/api/game-presence/coop-1').length).toBeGreaterThan(loads),
    );
  });

  it('keeps the dialog open when the API refuses the kick (a more immune player)', async () => {
    const host = serve(
      withPlugin,
      json({ error: 'TARGET_IMMUNE', message: 'You cannot kick this player: immunity 80 not below 50' }, 403),
    );
    signInForTest(['servers.*', 'players.view', 'players.kick']);
    await renderServerAdmin();
    fireEvent.click(await screen.findByRole('button', { name: 'Kick Alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kick Alice' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'AFK' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kick' }));
    await waitFor(() => expect(host.calls.some((call) => call.method === 'POST')).toBe(true));
    await act(async () => {});
    expect(screen.getByRole('dialog', { name: 'Kick Alice' })).toBeTruthy();
    expect(host.notifications.some((n) => n.level === 'success')).toBe(false);
  });

  it('offers no kick without players.kick', async () => {
    serve(withPlugin);
    signInForTest(['servers.*', 'players.view', 'bans.create']);
    await renderServerAdmin();
    await screen.findByRole('table', { name: "Players connected now (from the plugin's events)" });
    expect(screen.queryByRole('button', { name: /Kick/ })).toBeNull();
  });
});
