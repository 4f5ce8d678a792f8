import { useSessionStore } from '@outpost/host';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../test-support/account-catalogs';
import { installFakeApi, provideTestHost, signedInData } from '../test-support/fake-api';
import { useToastStore } from '../toasts/toast-store';
import { REGENERATE_CONFIRMATION } from './developer-tab';
import { SettingsModal } from './settings-modal';
import { readCachedTab, SETTINGS_TAB_KEY, SETTINGS_TAB_TTL_MS } from './settings-tab-cache';

const now = Math.floor(Date.now() / 1000);
const sessions = {
  currentSessionId: 'abcd1234current',
  sessions: [
    {
      id: 'abcd1234current',
      ip: '127.0.0.1',
      countryCode: '',
      loginTime: now - 3600,
      lastActive: now - 10,
      signInMethod: 'steam',
      secondFactor: { method: 'passkey', at: now - 60 },
    },
    {
      id: 'ffee9999other',
      ip: '203.0.113.7',
      countryCode: 'DE',
      loginTime: now - 2 * 86400,
      lastActive: now - 7200,
      signInMethod: 'discord',
      secondFactor: null,
    },
  ],
};
const providers = [
  { id: 'discord', name: 'Discord', enabled: true, expired: false, data: { avatarUrl: null, username: 'zoey#1' } },
  { id: 'twitch', name: 'Twitch', enabled: false, expired: false, data: null },
  { id: 'github', name: 'GitHub', enabled: true, expired: true, data: { avatarUrl: null, username: 'z' } },
];

beforeEach(() => {
  provideTestHost();
  localStorage.clear();
  useSessionStore.getState().setSession(signedInData);
  useToastStore.setState({ items: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('User Settings modal', () => {
  it('opens on Sessions, 40% wide, loading only the sessions', async () => {
    const api = installFakeApi({ 'GET /api/auth/sessions': { body: sessions } });
    render(<SettingsModal onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'User Settings' });
    expect(dialog.style.width).toBe('40%');
    expect(screen.getByRole('tab', { name: 'Sessions' }).getAttribute('aria-selected')).toBe('true');
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('abcd')).toBeTruthy();
    expect(within(rows[1]!).getByText('(dev)')).toBeTruthy();
    expect(within(rows[1]!).getByText('127.0.0.1')).toBeTruthy();
    expect(within(rows[1]!).getByText('Current Session')).toBeTruthy();
    expect(within(rows[1]!).getByText(/ at .*\(1 hour ago\)/)).toBeTruthy();
    expect(within(rows[2]!).getByText('ffee')).toBeTruthy();
    expect(within(rows[2]!).getByText('Germany')).toBeTruthy();
    expect(within(rows[2]!).getByText(/\(2 days ago\)/)).toBeTruthy();
    // Issue 31: how each session proved itself.
    expect(rows[1]!.textContent).toMatch(/Steam \+ passkey \(/);
    // Issue 22: every date is the kit's <time datetime> (login, last active, the second factor).
    const times = [...rows[1]!.querySelectorAll('time')];
    expect(times.map((time) => time.getAttribute('datetime'))).toEqual(
      [now - 3600, now - 10, now - 60].map((at) => new Date(at * 1000).toISOString()),
    );
    expect(rows[2]!.querySelectorAll('time[datetime]')).toHaveLength(2);
    expect(within(rows[2]!).getByText('Discord')).toBeTruthy();
    expect(api.paths()).toEqual(['GET /api/auth/sessions']);
  });

  it('revokes another session (204 removes it), and titles a failure Revoking Session', async () => {
    let answer = { status: 204 } as { status: number; body?: unknown };
    installFakeApi({
      'GET /api/auth/sessions': { body: sessions },
      'DELETE /api/auth/sessions/ffee9999other': () => answer,
    });
    render(<SettingsModal onClose={() => {}} />);
    answer = { status: 404, body: { error: 'NOT_FOUND', message: 'No such session' } };
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(useToastStore.getState().items[0]).toMatchObject({ title: 'Revoking Session' }));
    expect(screen.getByText('ffee')).toBeTruthy();
    answer = { status: 204 };
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByText('ffee')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('shows connections: fixed Steam, linked, not linked, expired; and re-saves providers', async () => {
    const api = installFakeApi({
      'GET /api/auth/sessions': { body: sessions },
      'GET /api/auth/connections': { body: providers },
    });
    render(<SettingsModal onClose={() => {}} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Connections' }));
    expect(await screen.findByText('zoey#1')).toBeTruthy();
    expect(screen.getByText('Steam')).toBeTruthy();
    expect(screen.getByText('Cannot unlink')).toBeTruthy();
    expect(screen.getByText('Not Linked')).toBeTruthy();
    expect(screen.getByText('Link has expired, please relogin.').className).toContain('error-text');
    const unlink = screen.getByRole('link', { name: 'Unlink Discord Account' });
    expect(unlink.getAttribute('href')).toBe('/api/auth/discord/revoke');
    expect(unlink.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Link Twitch Account' }).getAttribute('href')).toBe(
      '/api/auth/twitch/link',
    );
    expect(Object.keys(useSessionStore.getState().session?.providers ?? {})).toEqual(['discord', 'twitch', 'github']);
    expect(api.paths()).toContain('GET /api/auth/connections');
  });

  it('creates an API key, shows the secret once, and asks before regenerating', async () => {
    let key = 0;
    const api = installFakeApi({
      'GET /api/auth/sessions': { body: sessions },
      'GET /api/auth/developer': { body: { apikey: null } },
      'POST /api/auth/developer/apikey': () => ({
        body: { apikey: { id: `key-${++key}`, created: now, lastUsed: null, key: `secret-${key}` } },
      }),
    });
    render(<SettingsModal onClose={() => {}} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Developer' }));
    expect(await screen.findByText('You have not created an API Key')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect(((await screen.findByLabelText('New API key')) as HTMLInputElement).value).toBe('secret-1');
    expect((screen.getByLabelText('Key ID') as HTMLInputElement).readOnly).toBe(true);
    const info = screen.getByText('Last Active').closest('dl') as HTMLElement;
    expect(screen.getByText('Last Active').nextElementSibling?.textContent).toBe('Never');
    expect(info.querySelector('time')?.getAttribute('datetime')).toBe(new Date(now * 1000).toISOString());

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate API Key' }));
    expect(confirm).toHaveBeenCalledWith(REGENERATE_CONFIRMATION);
    expect(api.paths().filter((path) => path.startsWith('POST'))).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate API Key' }));
    await waitFor(() => expect((screen.getByLabelText('New API key') as HTMLInputElement).value).toBe('secret-2'));
    expect((screen.getByLabelText('Key ID') as HTMLInputElement).value).toBe('key-2');
  });

  it('remembers the tab for 5 minutes', () => {
    installFakeApi({
      'GET /api/auth/developer': { body: { apikey: null } },
      'GET /api/auth/sessions': { body: sessions },
    });
    const first = render(<SettingsModal onClose={() => {}} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Developer' }));
    first.unmount();
    render(<SettingsModal onClose={() => {}} />);
    expect(screen.getByRole('tab', { name: 'Developer' }).getAttribute('aria-selected')).toBe('true');
    const saved = JSON.parse(localStorage.getItem(SETTINGS_TAB_KEY) ?? '{}');
    expect(readCachedTab(saved.at + SETTINGS_TAB_TTL_MS - 1)).toBe('Developer');
    expect(readCachedTab(saved.at + SETTINGS_TAB_TTL_MS)).toBe('Sessions');
  });
});

describe('Birthday in User Settings', () => {
  it('saves month and day, and the session follows so the birthday popup can show', async () => {
    const api = installFakeApi({
      'GET /api/auth/sessions': { body: sessions },
      'PUT /api/auth/profile/birthday': (request) => ({ body: request.body }),
    });
    render(<SettingsModal onClose={() => {}} />);
    const form = screen.getByRole('form', { name: 'Birthday' });
    fireEvent.change(within(form).getByLabelText('Month'), { target: { value: '2' } });
    // February offers 29 days, never 30.
    expect(within(form).queryByRole('option', { name: '30' })).toBeNull();
    fireEvent.change(within(form).getByLabelText('Day'), { target: { value: '29' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('status')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ birthMonth: 2, birthDate: 29 });
    expect(useSessionStore.getState().session?.profile).toEqual({ birthMonth: 2, birthDate: 29 });
  });

  it('asks for both parts before calling the server', async () => {
    const api = installFakeApi({ 'GET /api/auth/sessions': { body: sessions } });
    render(<SettingsModal onClose={() => {}} />);
    const form = screen.getByRole('form', { name: 'Birthday' });
    fireEvent.change(within(form).getByLabelText('Month'), { target: { value: '7' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Give both the month and the day, or neither');
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
