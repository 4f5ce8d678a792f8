import type { RouteEntry } from '@outpost/contracts';
import { useMetaStore, useSessionStore } from '@outpost/host';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STARTUP, useStartupStore } from '../session/startup-store';
import { signedInData } from '../test-support/fake-api';
import { RoutePage } from './route-page';
import '../test-support/chrome-words';

const meta = {
  settings: { notice: { enabled: false, text: '', class: '' }, domain: 'outpost.test' },
  steamAvailable: true,
  siteName: 'Outpost',
  loginProviders: {
    steam: {
      openidUrl: 'https://steam.test/openid/login',
      realm: 'http://outpost.test',
      callbackUrl: '/api/auth/steam/callback',
    },
    discord: { enabled: true },
  },
  sentry: null,
  links: [],
};
const route: RouteEntry = { path: '/admin/bans', title: 'Bans', authRequired: true };
const Page = () => <p>the bans page</p>;
const renderRoute = () =>
  render(
    <MemoryRouter>
      <RoutePage owner="test" route={route} component={Page} />
    </MemoryRouter>,
  );

beforeEach(() => {
  useSessionStore.getState().setSession(null);
  useMetaStore.setState({ meta: null });
});
afterEach(cleanup);

describe('an auth-required route through the startup states', () => {
  it("shows 'Retrieving session data from server...' while waiting", () => {
    useStartupStore.getState().setState(STARTUP.waitingForAuth);
    renderRoute();
    expect(screen.getByText('Retrieving session data from server...')).toBeTruthy();
    expect(screen.queryByText('the bans page')).toBeNull();
  });

  it("shows the 'Login Required' card with 'Waiting for server' until meta is loaded", () => {
    useStartupStore.getState().setState(STARTUP.needsAuth);
    const view = renderRoute();
    expect(screen.getByRole('heading', { name: 'Login Required' })).toBeTruthy();
    expect(screen.getByText('This page requires you to be logged in.')).toBeTruthy();
    expect(screen.getByText('Waiting for server')).toBeTruthy();
    useMetaStore.setState({ meta });
    view.rerender(
      <MemoryRouter>
        <RoutePage owner="test" route={route} component={Page} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Waiting for server')).toBeNull();
    expect(screen.getByRole('button', { name: /Login with Steam/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Login with Discord/ })).toBeTruthy();
  });

  it('shows the page once signed in (show, 3)', () => {
    useStartupStore.getState().setState(STARTUP.show);
    useSessionStore.getState().setSession(signedInData);
    renderRoute();
    expect(screen.getByText('the bans page')).toBeTruthy();
  });
});

describe('a route that requires a permission', () => {
  const gated: RouteEntry = { path: '/admin/bans', title: 'Bans', requiredPermission: 'bans.create' };
  const renderGated = () =>
    render(
      <MemoryRouter>
        <RoutePage owner="test" route={gated} component={Page} />
      </MemoryRouter>,
    );

  it('shows the plain access card, not the page, to a member without it', () => {
    useStartupStore.getState().setState(STARTUP.show);
    useSessionStore.getState().setSession(signedInData);
    renderGated();
    expect(screen.getByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy();
    expect(screen.queryByText('the bans page')).toBeNull();
  });

  it('shows the page to a user holding it', () => {
    useStartupStore.getState().setState(STARTUP.show);
    useSessionStore.getState().setSession({
      ...signedInData,
      permissions: { ...signedInData.permissions, codes: ['bans.*'] },
    });
    renderGated();
    expect(screen.getByText('the bans page')).toBeTruthy();
  });

  it('asks a signed-out visitor to log in first', () => {
    useStartupStore.getState().setState(STARTUP.needsAuth);
    renderGated();
    expect(screen.getByRole('heading', { name: 'Login Required' })).toBeTruthy();
  });
});
