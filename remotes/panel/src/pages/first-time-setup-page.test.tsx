import { provideHost, useSessionStore } from '@outpost/host';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../test-support/catalogs';
import FirstTimeSetupPage from './first-time-setup-page';

afterEach(cleanup);

describe('/panel/first-time-setup', () => {
  it('posts the pasted token to /api/panel/setup and confirms ownership', async () => {
    const apiFetch = vi.fn(async () => new Response(null, { status: 204 }));
    const notify = vi.fn();
    provideHost({ apiFetch, notify, navigate: vi.fn() });
    useSessionStore.getState().setSession({
      user: { name: 'Founder', steamid: '7656', avatarhash: null },
      permissions: { codes: [], flags: '', immunityLevel: 0, base: null },
      impersonatingId: null,
    });
    render(
      <MemoryRouter>
        <FirstTimeSetupPage />
      </MemoryRouter>,
    );
    expect(screen.getByText('Founder')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Become owner' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Setup token'), { target: { value: '  token-123  ' } });
    fireEvent.click(button);
    expect(await screen.findByText('Setup complete')).toBeTruthy();
    expect(apiFetch).toHaveBeenCalledWith('/api/panel/setup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'token-123' }),
    });
    expect(notify).toHaveBeenCalledWith({ level: 'success', message: 'You are now the owner of this Outpost' });
  });

  it('stays on the form when the server refuses (the helper has already shown why)', async () => {
    provideHost({
      apiFetch: vi.fn(async () => new Response('{}', { status: 403 })),
      notify: vi.fn(),
      navigate: vi.fn(),
    });
    render(
      <MemoryRouter initialEntries={['/panel/first-time-setup?token=from-the-log']}>
        <FirstTimeSetupPage />
      </MemoryRouter>,
    );
    expect((screen.getByLabelText('Setup token') as HTMLInputElement).value).toBe('from-the-log');
    fireEvent.change(screen.getByLabelText('Setup token'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Become owner' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.queryByText('Setup complete')).toBeNull();
  });

  it('tells an existing owner there is nothing to set up, and asks for no token', async () => {
    const apiFetch = vi.fn(async () => Response.json({ setupNeeded: false }));
    provideHost({ apiFetch, notify: vi.fn(), navigate: vi.fn() });
    render(
      <MemoryRouter>
        <FirstTimeSetupPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('This Outpost already has an owner')).toBeTruthy();
    expect(screen.queryByLabelText('Setup token')).toBeNull();
    expect(apiFetch).toHaveBeenCalledWith('/api/panel/setup');
  });

  it('offers the form while the site has no owner', async () => {
    const apiFetch = vi.fn(async () => Response.json({ setupNeeded: true }));
    provideHost({ apiFetch, notify: vi.fn(), navigate: vi.fn() });
    render(
      <MemoryRouter>
        <FirstTimeSetupPage />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(apiFetch).toHaveBeenCalled());
    expect(screen.getByLabelText('Setup token')).toBeTruthy();
    expect(screen.queryByText('This Outpost already has an owner')).toBeNull();
  });
});
