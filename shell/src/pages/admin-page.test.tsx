import { useSessionStore } from '@outpost/host';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useRemotesStore } from '../remotes/remotes-store';
import { signedInData } from '../test-support/fake-api';
import AdminPage from './admin-page';

const table = {
  id: 'players-bans-notes',
  contractVersion: '1.0.0',
  routes: [
    { path: '/admin/bans', title: 'Bans', description: 'Every ban', icon: 'ban' as const, nav: true },
    {
      path: '/admin/audit',
      title: 'Audit Log',
      description: 'Who did what',
      nav: true,
      requiredPermission: 'logs.view',
    },
    { path: '/admin/players/:id', title: 'Player', nav: false },
  ],
};

afterEach(cleanup);

/** The players-bans-notes remote, loaded, with this route table. */
function showRemote(routeTable: typeof table) {
  useRemotesStore.setState({
    order: ['players_bans_notes'],
    remotes: {
      players_bans_notes: {
        entry: { name: 'players_bans_notes', entry: '/x' },
        status: 'ready',
        table: routeTable,
        error: null,
      },
    },
  });
}

describe('/admin landing', () => {
  it('lists the admin sections this user may open, with icons and descriptions', () => {
    showRemote(table);
    useSessionStore.getState().setSession(signedInData);
    const view = render(
      <MemoryRouter>
        <AdminPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /Bans/ }).getAttribute('href')).toBe('/admin/bans');
    expect(screen.getByText('Every ban')).toBeTruthy();
    expect(screen.queryByText('Audit Log')).toBeNull();
    expect(screen.queryByText('Player')).toBeNull();
    useSessionStore
      .getState()
      .setSession({ ...signedInData, permissions: { ...signedInData.permissions, codes: ['logs.*'] } });
    view.rerender(
      <MemoryRouter>
        <AdminPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /Audit Log/ })).toBeTruthy();
    // Flag 'z' (superuser) passes every check, with no codes at all.
    useSessionStore
      .getState()
      .setSession({ ...signedInData, permissions: { ...signedInData.permissions, codes: [], flags: 'z' } });
    view.rerender(
      <MemoryRouter>
        <AdminPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /Audit Log/ })).toBeTruthy();
  });

  it('shows a member who may open no admin section the access card', () => {
    useSessionStore.getState().setSession(signedInData);
    showRemote({ ...table, routes: table.routes.filter((route) => route.requiredPermission) });
    render(
      <MemoryRouter>
        <AdminPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy();
  });
});
