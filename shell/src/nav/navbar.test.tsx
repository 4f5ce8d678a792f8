import { useMetaStore, useSessionStore } from '@outpost/host';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAccountModals } from '../account/account-modals';
import { preloadSignedInChrome } from '../layout/signed-in-lazy';
import { useRemotesStore } from '../remotes/remotes-store';
import { signedInData } from '../test-support/fake-api';
import { THEME_KEY, useThemeStore } from '../theme/theme-store';
import { Navbar } from './navbar';
import '../test-support/chrome-words';

const meta = {
  settings: { notice: { enabled: false, text: '', class: '' }, domain: 'outpost.test' },
  steamAvailable: true,
  siteName: 'Outpost',
  loginProviders: {
    steam: { openidUrl: 'https://steam.test/openid', realm: 'http://outpost.test', callbackUrl: '/cb' },
    discord: { enabled: false },
  },
  sentry: null,
  links: [],
};

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}
const renderNavbar = (at = '/') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <Navbar />
      <Where />
    </MemoryRouter>,
  );

// As the first screen does for a signed-in user (app.tsx): the bell and user menu draw at once.
beforeAll(() => preloadSignedInChrome());

beforeEach(() => {
  useSessionStore.getState().setSession(null);
  useMetaStore.setState({ meta: null });
  useAccountModals.setState({ open: null });
});
afterEach(cleanup);

describe('Navbar', () => {
  it('searches with trimmed, non-blank text only', () => {
    renderNavbar();
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByLabelText('location').textContent).toBe('/');
    fireEvent.change(box, { target: { value: '  Zoey & co ' } });
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByLabelText('location').textContent).toBe('/search?q=Zoey%20%26%20co');
  });

  it('toggles dark mode with the SPEC tooltips, saves it and marks <html>', () => {
    useThemeStore.setState({ theme: 'light' });
    renderNavbar();
    fireEvent.click(screen.getByTitle('Turn dark mode on'));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    fireEvent.click(screen.getByTitle('Turn dark mode off'));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('shows login controls to signed-out visitors only once meta is loaded', () => {
    const view = renderNavbar();
    expect(screen.queryByRole('button', { name: /Login with Steam/ })).toBeNull();
    useMetaStore.setState({ meta });
    view.rerender(
      <MemoryRouter>
        <Navbar />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: /Login with Steam/ })).toBeTruthy();
    // Discord is offered only when the server has it configured.
    expect(screen.queryByRole('button', { name: /Login with Discord/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
  });

  it('gives a signed-in user the bell and a menu; Panel Administration needs panel.view', () => {
    useSessionStore.getState().setSession(signedInData);
    const view = renderNavbar();
    fireEvent.click(screen.getByRole('button', { name: 'Zoey' }));
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/admin/players/user-1');
    expect(screen.queryByRole('link', { name: 'Panel Administration' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'User Settings' }));
    expect(useAccountModals.getState().open).toBe('settings');

    useSessionStore.getState().setSession({
      ...signedInData,
      permissions: { ...signedInData.permissions, codes: ['panel.*'] },
    });
    view.rerender(
      <MemoryRouter>
        <Navbar />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Zoey' }));
    expect(screen.getByRole('link', { name: 'Panel Administration' }).getAttribute('href')).toBe('/panel/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(useAccountModals.getState().open).toBe('notifications');
  });

  it('shows a route’s badge from the session count it names, live, and none at 0', () => {
    useRemotesStore.setState({
      order: ['discuss_events'],
      remotes: {
        discuss_events: {
          entry: { name: 'discuss_events', entry: '/x' },
          status: 'ready',
          table: {
            id: 'discuss-events',
            contractVersion: '1.0.0',
            routes: [
              {
                path: '/discuss',
                title: 'Discussions',
                navLabel: 'Discuss',
                nav: true,
                topLevel: true,
                authRequired: true,
                badge: 'openDiscussions',
              },
            ],
          },
          error: null,
        },
      },
    });
    useSessionStore.getState().setSession({ ...signedInData, openDiscussions: 3 });
    renderNavbar();
    const link = screen.getByRole('link', { name: /^Discuss\s*\(3 with unread activity\)$/ });
    expect(link.getAttribute('href')).toBe('/discuss');
    expect(link.querySelector('.nav-badge')?.textContent).toBe('3');
    // The burger (a phone's way in) shows it too.
    expect(screen.getByRole('button', { name: 'Menu' }).querySelector('.nav-badge')?.textContent).toBe('3');
    act(() => useSessionStore.getState().setSession({ ...signedInData, openDiscussions: 0 }));
    expect(screen.getByRole('link', { name: 'Discuss' }).querySelector('.nav-badge')).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' }).querySelector('.nav-badge')).toBeNull();
    useRemotesStore.setState({ order: [], remotes: {} });
  });

  it("shows Panel Administration to a superuser holding only flag 'z' (as the server lets them in)", () => {
    useSessionStore.getState().setSession({
      ...signedInData,
      permissions: { ...signedInData.permissions, codes: [], flags: 'z' },
    });
    renderNavbar();
    fireEvent.click(screen.getByRole('button', { name: 'Zoey' }));
    expect(screen.getByRole('link', { name: 'Panel Administration' }).getAttribute('href')).toBe('/panel/dashboard');
  });

  it('closes an open menu on Escape and gives focus back to its button', () => {
    useSessionStore.getState().setSession(signedInData);
    renderNavbar();
    const button = screen.getByRole('button', { name: 'Zoey' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(screen.getByRole('link', { name: 'Profile' }), { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes the burger menu on a route change', () => {
    renderNavbar();
    const burger = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'x' } });
    fireEvent.submit(box.closest('form')!);
    expect(burger.getAttribute('aria-expanded')).toBe('false');
  });
});
