import { setLocale } from '@outpost/host';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocale } from '../i18n/locale';
import { ThemeToggle } from '../theme/theme-toggle';
import { LanguageMenu } from './language-menu';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar, as the shell writes it
  document.cookie = 'outpost_locale=; path=/; max-age=0';
});

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
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dunkelmodus einschalten' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Sprache: Deutsch' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    expect(document.cookie).toContain('outpost_locale=de');
    expect(screen.getByRole('button', { name: 'Deutsch' }).getAttribute('lang')).toBe('de');
  });

  it('starts in the locale the page was served in', async () => {
    document.documentElement.lang = 'de';
    await startLocale();
    renderChrome();
    expect(screen.getByRole('button', { name: 'Dunkelmodus einschalten' })).toBeTruthy();
  });
});
