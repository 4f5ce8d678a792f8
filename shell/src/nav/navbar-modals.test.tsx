import { useSessionStore } from '@outpost/host';
import { DIALOG_OPEN_EVENT } from '@outpost/ui/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAccountModals } from '../account/account-modals';
import { AccountModalsHost } from '../account/account-modals-host';
import { preloadSignedInChrome } from '../layout/signed-in-lazy';
import { installFakeApi, provideTestHost, signedInData } from '../test-support/fake-api';
import { Navbar } from './navbar';

const renderChrome = (at = '/') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <Navbar />
      <AccountModalsHost />
    </MemoryRouter>,
  );

beforeAll(() => preloadSignedInChrome());
beforeEach(() => {
  useSessionStore.getState().setSession(null);
  useAccountModals.setState({ open: null, opener: null });
});
afterEach(cleanup);

describe('the navbar with modals and the search page', () => {
  it('shows the query of /search?q= opened directly in its search box', () => {
    renderChrome('/search?q=demo');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('demo');
  });

  it('closes the phone menu when a modal opens', () => {
    renderChrome();
    const burger = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    act(() => void document.dispatchEvent(new CustomEvent(DIALOG_OPEN_EVENT)));
    expect(burger.getAttribute('aria-expanded')).toBe('false');
  });

  it('names the bell by what it shows: the count is part of its accessible name', () => {
    useSessionStore.getState().setSession({
      ...signedInData,
      notifications: [{ id: 'n1', timestamp: 1, level: 1, message: 'Hi' }],
    });
    renderChrome();
    const bell = screen.getByRole('button', { name: 'Notifications 1' });
    // axe label-content-name-mismatch: no aria-label that would hide the visible "1".
    expect(bell.hasAttribute('aria-label')).toBe(false);
    expect(bell.textContent).toContain('1');
  });

  it('gives the focus back to the user menu when User Settings closes with Escape', async () => {
    provideTestHost();
    installFakeApi({ 'GET /api/auth/sessions': { body: { currentSessionId: 's1', sessions: [] } } });
    useSessionStore.getState().setSession(signedInData);
    renderChrome();
    const menu = screen.getByRole('button', { name: 'Zoey' });
    fireEvent.click(menu);
    const item = screen.getByRole('button', { name: 'User Settings' });
    item.focus();
    fireEvent.click(item);
    // The modal's code is fetched when it first opens: on a loaded machine that is more than findByRole's 1 s.
    const dialog = await screen.findByRole('dialog', { name: 'User Settings' }, { timeout: 15_000 });
    expect(screen.getByRole('tablist', { name: 'Settings sections' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menu);
  });
});
