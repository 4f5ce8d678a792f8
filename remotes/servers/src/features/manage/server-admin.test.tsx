import { createTestHost, jsonResponse as json, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeGroup } from '../../test-support/fixtures';
import { makeManagedServer } from '../../test-support/managed';
import { renderServerAdmin } from '../../test-support/render-server-admin';

const server = makeManagedServer({
  status: {
    data: { players: [{ name: 'Zoey', score: 12, duration: 3900 }], maxplayers: 4, map: 'c2m1_highway' },
    updatedAt: 1,
  },
});

beforeEach(() => {
  createTestHost((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/servers/coop-1') return json(server);
    if (path === '/api/servers') return json([makeGroup()]);
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  signInForTest(null);
});

describe('ServerAdmin', () => {
  it('opens on the overview tab with the live map and players', async () => {
    signInForTest(['servers.*']);
    await renderServerAdmin();
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
    expect(screen.getByText('c2m1_highway')).toBeTruthy();
    expect(screen.getByText('Server has players online')).toBeTruthy();
    const players = screen.getByRole('table', { name: 'Players online' });
    expect(players.textContent).toContain('Zoey');
    expect(players.textContent).toContain('1 h 5 min');
  });

  it('offers settings (with the write-only password) only to managers', async () => {
    signInForTest(['servers.*']);
    await renderServerAdmin();
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect((screen.getByLabelText('RCON password') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Delete server' })).toBeTruthy();
    cleanup();
    signInForTest(['servers.action.*']);
    await renderServerAdmin();
    expect(screen.queryByRole('tab', { name: 'Settings' })).toBeNull();
  });

  it("has real tabs: arrow keys move between them and the panel is the selected tab's", async () => {
    signInForTest(['servers.*']);
    await renderServerAdmin();
    const overview = screen.getByRole('tab', { name: 'Overview' });
    expect(screen.getByRole('tablist', { name: 'Coop #1: sections' })).toBeTruthy();
    overview.focus();
    fireEvent.keyDown(overview, { key: 'ArrowRight' });
    const settings = screen.getByRole('tab', { name: 'Settings', selected: true });
    expect(document.activeElement).toBe(settings);
    expect(screen.getByRole('tabpanel', { name: 'Settings' })).toBeTruthy();
    fireEvent.keyDown(settings, { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
  });

  it('shows the last answer in the one date format, as a <time datetime>', async () => {
    signInForTest(['servers.*']);
    await renderServerAdmin();
    const time = screen.getByText('Last answer').parentElement?.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe('1970-01-01T00:00:01.000Z');
    expect(time?.textContent).toMatch(/^\d{4}-\d{2}-\d{2} at \d{1,2}:\d{2}/);
  });

  it('asks in a dialog before deleting the server', async () => {
    signInForTest(['servers.*']);
    await renderServerAdmin();
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete server' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Coop #1?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
  });
});
