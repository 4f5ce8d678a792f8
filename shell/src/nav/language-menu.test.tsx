import { i18n, setLocale, useLocaleStore, useSessionStore } from '@outpost/host';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocale } from '../i18n/locale';
import { ThemeToggle } from '../theme/theme-toggle';
import { LanguageMenu } from './language-menu';

afterEach(async () => {
  cleanup();
  useSessionStore.getState().setSession(null);
  await act(() => setLocale('en'));
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar, as the shell writes it
  document.cookie = 'outpost_locale=; path=/; max-age=0';
});

/** A locale's chunk is transformed on first use in tests: slow on a busy machine. */
const SWITCH = { timeout: 5000 };

function renderChrome() {
  return render(
    <MemoryRouter>
      <LanguageMenu />
      <ThemeToggle />
    </MemoryRouter>,
  );
}

describe('LanguageMenu', () => {
  it('switches the chrome to German, <html lang> with it, and keeps the choice in a cookie', async () => {
    await startLocale();
    renderChrome();
    expect(screen.getByRole('button', { name: 'Turn dark mode on' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deutsch' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dunkelmodus einschalten' })).toBeTruthy(), SWITCH);
    expect(screen.getByRole('button', { name: 'Sprache: Deutsch' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    expect(document.cookie).toContain('outpost_locale=de');
    expect(screen.getByRole('button', { name: 'Deutsch' }).getAttribute('lang')).toBe('de');
    // The kit's words come in the same chunk as the shell's.
    expect(i18n._('ui.pager.next')).toBe('Weiter');
  });

  it('lists all eight languages, each named in itself and marked with its own lang', async () => {
    await startLocale();
    renderChrome();
    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    const names = [
      ['English', 'en'],
      ['Deutsch', 'de'],
      ['Português (Brasil)', 'pt-BR'],
      ['Русский', 'ru'],
      ['Español', 'es'],
      ['Polski', 'pl'],
      ['Türkçe', 'tr'],
      ['简体中文', 'zh-CN'],
    ];
    const items = screen.getAllByRole('listitem').map((item) => item.querySelector('button'));
    expect(items.map((button) => [button?.textContent, button?.getAttribute('lang')])).toEqual(names);
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-current')).toBe('true');
  });

  it.each([
    ['Português (Brasil)', 'pt-BR', 'Ativar modo escuro', 'Idioma: Português (Brasil)', 'PT'],
    ['Русский', 'ru', 'Включить тёмную тему', 'Язык: Русский', 'RU'],
    ['Español', 'es', 'Activar el modo oscuro', 'Idioma: Español', 'ES'],
    ['Polski', 'pl', 'Włącz tryb ciemny', 'Język: Polski', 'PL'],
    ['Türkçe', 'tr', 'Karanlık modu aç', 'Dil: Türkçe', 'TR'],
    ['简体中文', 'zh-CN', '开启深色模式', '语言：简体中文', 'ZH'],
  ])(
    'switches the chrome to %s (%s), the menu showing its two-letter code',
    async (name, locale, darkOn, current, code) => {
      await startLocale();
      renderChrome();
      fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
      fireEvent.click(screen.getByRole('button', { name }));
      await waitFor(() => expect(screen.getByRole('button', { name: darkOn })).toBeTruthy(), SWITCH);
      const menu = screen.getByRole('button', { name: current });
      expect(menu.textContent).toBe(code);
      expect(document.documentElement.lang).toBe(locale);
      expect(document.cookie).toContain(`outpost_locale=${locale}`);
      expect(i18n._('ui.modal.close')).not.toBe('Close');
    },
  );

  it('starts in the locale the page was served in', async () => {
    document.documentElement.lang = 'de';
    await startLocale();
    renderChrome();
    expect(screen.getByRole('button', { name: 'Dunkelmodus einschalten' })).toBeTruthy();
  });

  it("keeps a signed-in user's choice in their profile", async () => {
    const api = createTestHost({ 'PUT /api/auth/profile/locale': { body: { locale: 'de' } } });
    signInForTest([]);
    await startLocale();
    renderChrome();
    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deutsch' }));
    await waitFor(() => expect(api.paths()).toEqual(['PUT /api/auth/profile/locale']), SWITCH);
    expect(await api.requests[0]?.json()).toEqual({ locale: 'de' });
  });

  it('a sign-in brings the language saved in the profile', async () => {
    await startLocale();
    renderChrome();
    act(() =>
      useSessionStore.getState().setSession({
        user: { name: 'Traveller', steamid: '76561197960265730', avatarhash: null },
        permissions: { codes: [], flags: '', immunityLevel: 0, base: null },
        impersonatingId: null,
        profile: { birthMonth: null, birthDate: null, locale: 'de' },
      }),
    );
    await waitFor(() => expect(useLocaleStore.getState().locale).toBe('de'), SWITCH);
    expect(await screen.findByRole('button', { name: 'Dunkelmodus einschalten' })).toBeTruthy();
    expect(document.cookie).toContain('outpost_locale=de');
  });
});
