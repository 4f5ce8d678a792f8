import { useSessionStore } from '@outpost/host';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '../nav/notification-bell';
import '../test-support/account-catalogs';
import { installFakeApi, provideTestHost, signedInData } from '../test-support/fake-api';
import { NotificationsModal } from './notifications-modal';

const notifications = [
  { id: '1', timestamp: 1_760_000_000, level: 1, message: 'Server restarted' },
  { id: '2', timestamp: 1_760_000_100, level: 4, message: 'Ban failed', link: '/admin/bans' },
  { id: '3', timestamp: 1_760_000_200, level: 3, message: 'Disk almost full' },
  { id: '4', timestamp: 1_760_000_300, level: 2, message: 'Backup done' },
];

beforeEach(() => {
  provideTestHost();
  useSessionStore.getState().setSession({ ...signedInData, notifications });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderModal = (onClose = vi.fn()) =>
  render(
    <MemoryRouter>
      <NotificationBell />
      <NotificationsModal onClose={onClose} />
    </MemoryRouter>,
  );

describe('Notifications', () => {
  it('lists entries with their level icon, timestamp (a link when linked) and message', () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeTruthy();
    for (const level of ['info', 'error', 'warning', 'success'])
      expect(screen.getByRole('img', { name: level })).toBeTruthy();
    expect(screen.getByText('Ban failed')).toBeTruthy();
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/admin/bans');
    expect(link.textContent).toMatch(/^\d{4}-\d{2}-\d{2} at /);
  });

  it('shows the count on the bell only when there is at least one', () => {
    renderModal();
    expect(screen.getByRole('button', { name: 'Notifications 4' }).textContent).toContain('4');
    useSessionStore.getState().clearNotifications();
    cleanup();
    render(
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Notifications' }).querySelector('.bell-count')).toBeNull();
  });

  it('Clear closes the modal and clears them on the server and in the session', async () => {
    const api = installFakeApi({ 'DELETE /api/auth/notifications': { status: 204 } });
    const onClose = vi.fn();
    renderModal(onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(useSessionStore.getState().session?.notifications).toEqual([]));
    expect(api.paths()).toEqual(['DELETE /api/auth/notifications']);
  });

  it('closing the modal with Escape clears them too (SPEC 4)', async () => {
    const api = installFakeApi({ 'DELETE /api/auth/notifications': { status: 204 } });
    const onClose = vi.fn();
    renderModal(onClose);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(useSessionStore.getState().session?.notifications).toEqual([]));
    expect(api.paths()).toEqual(['DELETE /api/auth/notifications']);
  });

  it('a failed clear keeps the list and says nothing', async () => {
    installFakeApi({ 'DELETE /api/auth/notifications': { status: 500, body: { error: 'X', message: 'y' } } });
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(useSessionStore.getState().session?.notifications).toHaveLength(4);
  });
});
