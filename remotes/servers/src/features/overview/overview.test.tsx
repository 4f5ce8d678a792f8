import { createTestHost, jsonResponse as json, signInForTest, type TestHost } from '@outpost/host/testing';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAction, makeGroup, makeServer } from '../../test-support/fixtures';
import { Overview } from './overview';
import '../../test-support/catalogs';

let visibility: DocumentVisibilityState = 'visible';
let host: TestHost;
let fail = false;

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  fail = false;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  host = createTestHost(() =>
    fail
      ? json({ error: 'UNAVAILABLE', message: 'down' }, 503, 'Service Unavailable')
      : json([makeGroup({ servers: [makeServer({ tags: ['customs'] })] })]),
  );
});
afterEach(() => {
  cleanup();
  signInForTest(null);
  vi.useRealTimers();
});

const polls = () => host.requests.filter((request) => new URL(request.url).pathname === '/api/servers').length;

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function renderOverview() {
  return render(
    <MemoryRouter>
      <Overview />
    </MemoryRouter>,
  );
}

describe('Overview', () => {
  it('renders the groups from GET /api/servers with help boxes and the countdown', async () => {
    renderOverview();
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Coop Servers' })).toBeTruthy();
    expect(screen.getByText('Custom Maps')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How do I join a server?' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain('Refreshing in 60 s');
    expect(screen.queryByRole('link', { name: 'Manage servers' })).toBeNull();
  });

  it('draws the list the shell prefetched in its first render and asks again only after 15 s', async () => {
    const prefetchedGroup = makeGroup({ name: 'Prefetched Servers', servers: [makeServer()] });
    host = createTestHost(() => json([makeGroup({ servers: [makeServer({ tags: ['customs'] })] })]), {
      prefetched: { '/api/servers': [prefetchedGroup] },
    });
    renderOverview();
    // No timers or promises run yet: the first render has the table.
    expect(screen.getByRole('heading', { name: 'Prefetched Servers' })).toBeTruthy();
    expect(screen.queryByText('Loading servers…')).toBeNull();
    await advance(0);
    expect(polls()).toBe(0);
    expect(screen.getByRole('timer').textContent).toContain('Refreshing in 60 s');
    await advance(15_000);
    expect(polls()).toBe(1);
    expect(screen.getByRole('heading', { name: 'Coop Servers' })).toBeTruthy();
  });

  it('fetches as usual when the prefetched answer does not match the contract', async () => {
    host = createTestHost(() => json([makeGroup({ servers: [makeServer()] })]), {
      prefetched: { '/api/servers': [{ id: 'broken' }] },
    });
    renderOverview();
    expect(screen.getByText('Loading servers…')).toBeTruthy();
    await advance(0);
    expect(polls()).toBe(1);
    expect(screen.getByRole('heading', { name: 'Coop Servers' })).toBeTruthy();
  });

  it('polls every 15 s while visible, stops while hidden and refreshes when visible again', async () => {
    renderOverview();
    await advance(0);
    expect(polls()).toBe(1);
    await advance(15_000);
    expect(polls()).toBe(2);
    act(() => setVisibility('hidden'));
    expect(screen.getByRole('timer').textContent).toContain('paused');
    await advance(60_000);
    expect(polls()).toBe(2);
    act(() => setVisibility('visible'));
    await advance(0);
    expect(polls()).toBe(3);
  });

  it('keeps the last list and backs off when the API fails', async () => {
    renderOverview();
    await advance(0);
    fail = true;
    await advance(15_000);
    // The API's own sentence (the one failure parser), not the status line.
    expect(screen.getByRole('alert').textContent).toBe('Could not refresh the servers: down');
    expect(screen.getByRole('heading', { name: 'Coop Servers' })).toBeTruthy();
    await advance(15_000);
    expect(polls()).toBe(2); // waiting exp(1)+15 s now
    await advance(3_000);
    expect(polls()).toBe(3);
  });

  it('counts down 60 s by default while polling every 15 s, and refreshes once when both run out', async () => {
    renderOverview();
    await advance(0);
    expect(polls()).toBe(1);
    expect(screen.getByRole('timer').textContent).toContain('Refreshing in 60 s');
    await advance(15_000);
    expect(polls()).toBe(2);
    expect(screen.getByRole('timer').textContent).toContain('Refreshing in 45 s');
    await advance(44_000);
    expect(screen.getByRole('timer').textContent).toContain('Refreshing in 1 s');
    await advance(1_000);
    // The poll and the countdown ran out together: one request, and a new 60 s cycle.
    expect(polls()).toBe(5);
    expect(screen.getByRole('timer').textContent).toContain('Refreshing in 60 s');
  });

  it('offers a member no manage mode and no Create New Instance', async () => {
    signInForTest([]);
    host = createTestHost(() =>
      json([makeGroup({ templateId: 'tpl', servers: [makeServer({ actions: [makeAction()] })] })]),
    );
    renderOverview();
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Coop Servers' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Manage mode' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Create New Instance/ })).toBeNull();
  });

  it('offers manage mode for the actions a user may run, and Create New Instance only where a group can', async () => {
    signInForTest(['servers.action.restart', 'servers.create-instance']);
    host = createTestHost(() =>
      json([makeGroup({ templateId: null, servers: [makeServer({ actions: [makeAction()] })] })]),
    );
    renderOverview();
    await advance(0);
    const toggle = screen.getByRole('checkbox', { name: 'Manage mode' });
    act(() => toggle.click());
    await advance(0);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    // No group has a template: nothing to create an instance from.
    expect(screen.queryByRole('button', { name: /Create New Instance/ })).toBeNull();
  });

  it('offers manage mode to create an instance without an Actions column of "No actions"', async () => {
    signInForTest(['servers.create-instance']);
    host = createTestHost(() =>
      json([makeGroup({ templateId: 'tpl', servers: [makeServer({ actions: [makeAction()] })] })]),
    );
    renderOverview();
    await advance(0);
    act(() => screen.getByRole('checkbox', { name: 'Manage mode' }).click());
    await advance(0);
    expect(screen.getAllByRole('button', { name: /Create New Instance/ }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByText('No actions')).toBeNull();
  });

  it('gives signed-in users links to manage servers', async () => {
    signInForTest(['servers.*']);
    renderOverview();
    await advance(0);
    expect(screen.getByRole('link', { name: 'Manage servers' }).getAttribute('href')).toBe('/admin/servers');
    expect(screen.getByRole('link', { name: 'Coop #1' }).getAttribute('href')).toBe('/admin/servers/coop/coop-1');
  });
});
