import { LOCALES, SESSION_COUNTS } from '@outpost/contracts/browser';
import { setLocale, useMetaStore } from '@outpost/host';
import { SearchFilter } from '@outpost/ui';
import { AccessDenied, Toolbar } from '@outpost/ui/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { DemoBanner } from '../layout/demo-banner';
import { Footer } from '../layout/footer';
import '../i18n/catalogs';
import { NotFound } from '../routing/catch-all';
import { LoginRequired } from '../routing/login-required';
import { SectionUnavailable } from '../routing/remote-boundary';
import { shellRoutes } from '../routing/shell-routes';
import '../test-support/chrome-words';

// Issue 27: the shell's first-load words (./locales: footer, login card, not found, section
// unavailable, the shell's routes) and the kit's toolbar and access-denied card in the visitor's
// language; in English as the SPEC writes them.

// What the build defines (shared/build defineShellConfig).
Object.assign(globalThis, {
  __OUTPOST_BUILD__: { branch: 'main', commit: 'abc1234', date: '2026-11-23T00:00:00Z' },
});

afterEach(async () => {
  cleanup();
  useMetaStore.setState({ meta: null });
  await act(() => setLocale('en'));
});

function drawChrome() {
  return render(
    <MemoryRouter initialEntries={['/nowhere']}>
      <Footer />
      <LoginRequired />
      <NotFound />
      <SectionUnavailable title="Bans" reason={null} onRetry={() => undefined} />
      <AccessDenied />
      <Toolbar>
        <SearchFilter label="Player" value="" onSearch={() => undefined} />
      </Toolbar>
    </MemoryRouter>,
  );
}

it('draws the chrome in English, word for word as before', () => {
  const view = drawChrome();
  expect(view.container.querySelector('footer')?.textContent).toBe('Built 2026-11-23 Build Info');
  expect(screen.getByRole('heading', { name: 'Login Required' })).toBeTruthy();
  expect(screen.getByText('This page requires you to be logged in.')).toBeTruthy();
  expect(screen.getByRole('heading', { name: '404 Not Found' })).toBeTruthy();
  expect(view.container.querySelector('.page p')?.textContent).toBe(
    'Nothing lives at /nowhere. Back to the server overview.',
  );
  expect(screen.getByRole('alert').textContent).toBe(
    'Section unavailableBans could not be loaded. The rest of Outpost keeps working.Retry',
  );
  expect(screen.getByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
  const admin = shellRoutes().find((route) => route.name === 'admin');
  expect([admin?.navLabel, admin?.description]).toEqual([
    'Moderation',
    'Players, bans, notes, appeals, reports and logs',
  ]);
});

it('draws the chrome in German, the demo banner too', async () => {
  await act(() => setLocale('de'));
  useMetaStore.setState({ meta: { demo: true, settings: {} } as never });
  const view = drawChrome();
  render(<DemoBanner />);
  expect(view.container.querySelector('footer')?.textContent).toBe('Erstellt am 2026-11-23 Build-Informationen');
  expect(screen.getByRole('heading', { name: 'Anmeldung erforderlich' })).toBeTruthy();
  expect(screen.getByRole('heading', { name: '404: Seite nicht gefunden' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Zurück zur Serverübersicht' }).getAttribute('href')).toBe('/');
  expect(screen.getByText('Bans').tagName).toBe('STRONG');
  expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Du hast keinen Zugriff auf diese Seite' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Suchen' })).toBeTruthy();
  expect(screen.getByRole('complementary', { name: 'Demo' }).textContent).toContain('Das ist eine Demo');
  expect(shellRoutes().find((route) => route.name === 'admin')?.description).toBe(
    'Spieler, Bans, Notizen, Einsprüche, Meldungen und Logs',
  );
});

it("names the shell's routes in Russian", async () => {
  await act(() => setLocale('ru'));
  const admin = shellRoutes().find((route) => route.name === 'admin');
  expect([admin?.title, admin?.navLabel]).toEqual(['Все инструменты администрации', 'Модерация']);
  // The route's other fields stay as they are.
  expect(admin?.path).toBe('/admin');
});

it("words every session count's badge in every locale (the contracts carry names only)", async () => {
  for (const locale of LOCALES) {
    const catalog = (await import(`./locales/${locale}.json`)).default as Record<string, unknown>;
    for (const name of SESSION_COUNTS)
      expect(catalog[`shell.chrome.nav.badge.${name}`], `${locale}: ${name}`).toBeDefined();
  }
});
