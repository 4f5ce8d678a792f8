import { setLocale, useSessionStore } from '@outpost/host';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StepUpPromptHost } from '../security/step-up-prompt-host';
import { useStepUpStore } from '../security/step-up-store';
import { installFakeApi, provideTestHost, signedInData } from '../test-support/fake-api';
import { useAccountModals } from './account-modals';
import { AccountModalsHost } from './account-modals-host';

// Issue 27: the account modals' words come from their own catalogs (./locales), fetched with the
// modals' code and only for the active locale. Here through the host, as a member opens them.

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

beforeEach(() => {
  provideTestHost();
  localStorage.clear();
  useSessionStore.getState().setSession(signedInData);
  installFakeApi({
    'GET /api/auth/sessions': { body: sessions },
    'GET /api/auth/developer': { body: { apikey: null } },
  });
});
afterEach(async () => {
  cleanup();
  act(() => useAccountModals.getState().show(null));
  useStepUpStore.setState({ open: false });
  await setLocale('en');
});

async function openSettings() {
  render(<AccountModalsHost />);
  act(() => useAccountModals.getState().show('settings'));
}

describe('the User Settings modal in the reader’s language', () => {
  it('German: title, birthday, tabs, the sessions table and the developer tab', async () => {
    await setLocale('de');
    await openSettings();
    const dialog = await screen.findByRole('dialog', { name: 'Benutzereinstellungen' }, { timeout: 15_000 });
    const birthday = within(dialog).getByRole('form', { name: 'Geburtstag' });
    expect(within(birthday).getByRole('option', { name: 'Februar' })).toBeTruthy();
    expect(within(birthday).getByRole('button', { name: 'Speichern' })).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'Sitzungen' }).getAttribute('aria-selected')).toBe('true');
    const rows = await within(dialog).findAllByRole('row');
    expect(within(rows[0]!).getByText('Zuletzt aktiv')).toBeTruthy();
    expect(within(rows[1]!).getByText('Aktuelle Sitzung')).toBeTruthy();
    expect(rows[1]!.textContent).toMatch(/Steam \+ Passkey \(/);
    expect(within(rows[2]!).getByText('Deutschland')).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: 'Beenden' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Entwickler' }));
    expect(await within(dialog).findByText('Du hast noch keinen API-Key erstellt')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'API-Key erstellen' })).toBeTruthy();
  });

  it('Russian: title, birthday and the sessions table', async () => {
    await setLocale('ru');
    await openSettings();
    const dialog = await screen.findByRole('dialog', { name: 'Настройки пользователя' }, { timeout: 15_000 });
    const birthday = within(dialog).getByRole('form', { name: 'День рождения' });
    expect(within(birthday).getByLabelText('Месяц')).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'Безопасность' })).toBeTruthy();
    const rows = await within(dialog).findAllByRole('row');
    expect(within(rows[1]!).getByText('Текущий сеанс')).toBeTruthy();
    expect(rows[1]!.textContent).toMatch(/Steam \+ ключ доступа \(/);
    expect(within(rows[2]!).getByRole('button', { name: 'Завершить' })).toBeTruthy();
  });
});

describe('the step-up prompt in the reader’s language', () => {
  it('German: the question, the field and the other ways to confirm', async () => {
    await setLocale('de');
    render(<StepUpPromptHost />);
    act(() => useStepUpStore.setState({ open: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Bestätige, dass du es bist' }, { timeout: 15_000 });
    expect(within(dialog).getByLabelText('Code aus deiner Authenticator-App')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Einen Wiederherstellungscode verwenden' }));
    expect(within(dialog).getByLabelText('Wiederherstellungscode')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Einen Passkey verwenden' })).toBeTruthy();
  });
});
