import { setLocale, useMetaStore, useSessionStore } from '@outpost/host';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SecondFactorBanner } from '../security/second-factor-banner';
import { installFakeApi, provideTestHost, signedInData } from '../test-support/fake-api';
import { BIRTHDAY_DISMISSED_KEY, BIRTHDAY_HIDE_MS, BirthdayPopup } from './birthday-popup';
import { DemoBanner } from './demo-banner';
import { ImpersonationBar } from './impersonation-bar';
import { SteamOfflineBanner } from './steam-offline-banner';
import '../test-support/chrome-words';

// The demo banner's text (SPEC), in English.
const DEMO_BANNER_TEXT =
  'This is a demo: made-up data, simulated game servers, and anyone can sign in. Enter nothing private.';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('ImpersonationBar', () => {
  it("says 'Impersonating as {user}' linking to manage-user with returnTo, and offers to stop", () => {
    useSessionStore.getState().setSession({ ...signedInData, impersonatingId: 'admin-9' });
    render(
      <MemoryRouter initialEntries={['/admin/bans?page=2']}>
        <ImpersonationBar />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toContain('Impersonating as Zoey');
    expect(screen.getByRole('link', { name: 'Zoey' }).getAttribute('href')).toBe(
      '/admin/players/user-1?returnTo=%2Fadmin%2Fbans%3Fpage%3D2',
    );
    expect(screen.getByRole('button', { name: 'Stop Impersonating' })).toBeTruthy();
  });

  it('is absent when not impersonating', () => {
    useSessionStore.getState().setSession(signedInData);
    const { container } = render(
      <MemoryRouter>
        <ImpersonationBar />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('BirthdayPopup', () => {
  const birthday = new Date(2026, 3, 2, 10);
  beforeEach(() =>
    useSessionStore.getState().setSession({ ...signedInData, profile: { birthMonth: 4, birthDate: 2 } }),
  );

  it('shows on the birthday, and a dismissal hides it for 24 h', () => {
    const first = render(<BirthdayPopup now={() => birthday} />);
    expect(screen.getByRole('dialog', { name: 'Happy Birthday!' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(first.container.innerHTML).toBe('');
    expect(Number(localStorage.getItem(BIRTHDAY_DISMISSED_KEY))).toBe(birthday.getTime());
    first.unmount();
    const later = new Date(birthday.getTime() + BIRTHDAY_HIDE_MS - 1000);
    expect(render(<BirthdayPopup now={() => later} />).container.innerHTML).toBe('');
  });

  it('does not show on other days', () => {
    expect(render(<BirthdayPopup now={() => new Date(2026, 3, 3)} />).container.innerHTML).toBe('');
  });
});

describe('SteamOfflineBanner', () => {
  it('shows the SPEC text only when meta says Steam is unavailable', async () => {
    const meta = { settings: { notice: { enabled: false, text: '', class: '' }, domain: 'x' }, siteName: 'O' };
    useMetaStore.setState({ meta: { ...meta, steamAvailable: true } as never });
    const view = render(<SteamOfflineBanner />);
    expect(view.container.innerHTML).toBe('');
    useMetaStore.setState({ meta: { ...meta, steamAvailable: false } as never });
    view.rerender(<SteamOfflineBanner />);
    // Its chunk (and words) arrive on demand.
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Steam servers are currently offline, most likely due to weekly scheduled maintenance. You won't be able to join servers until they come back online. Steam status",
    );
    expect(screen.getByRole('link', { name: 'Steam status' }).getAttribute('href')).toBe('https://steamstat.us');
  });
});

// Issue 27: the later-loaded chrome's words come from their own catalog (shell/src/later), the
// active locale's fetched with that code.
describe('the signed-in bars in another language', () => {
  afterEach(() => setLocale('en'));

  it('draw in German once the German words are in', async () => {
    await setLocale('de');
    useSessionStore.getState().setSession({ ...signedInData, impersonatingId: 'admin-9' });
    render(
      <MemoryRouter>
        <ImpersonationBar />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('status')).textContent).toContain('Du bist als Zoey angemeldet');
    expect(screen.getByRole('button', { name: 'Anmeldung als Benutzer beenden' })).toBeTruthy();
  });

  it('say which roles withhold their permissions, in the plural the count needs', async () => {
    provideTestHost();
    installFakeApi({
      'GET /api/auth/second-factor': {
        body: {
          totp: false,
          passkeys: [],
          recoveryCodesLeft: 0,
          enrolled: false,
          requiredBy: [
            { id: 'r1', name: 'Admin' },
            { id: 'r2', name: 'Moderator' },
          ],
          withheld: true,
          stepUpUntil: null,
          stepUpWindowMinutes: 10,
        },
      },
    });
    await setLocale('ru');
    useSessionStore.getState().setSession(signedInData);
    render(<SecondFactorBanner />);
    const banner = await screen.findByRole('complementary', { name: 'Требуется второй фактор' });
    expect(banner.textContent).toContain('Роли Admin, Moderator требуют второй фактор.');
    await setLocale('en');
    expect(banner.textContent).toContain(
      'Admin, Moderator require a second factor. Until you set one up, the permissions of those roles are withheld.',
    );
  });
});

describe('DemoBanner', () => {
  it('shows on every page only when meta says this is the demo', () => {
    const meta = { settings: { notice: { enabled: false, text: '', class: '' }, domain: 'x' }, siteName: 'O' };
    useMetaStore.setState({ meta: { ...meta, steamAvailable: true } as never });
    const view = render(<DemoBanner />);
    expect(view.container.innerHTML).toBe('');
    useMetaStore.setState({ meta: { ...meta, steamAvailable: true, demo: true } as never });
    view.rerender(<DemoBanner />);
    const banner = screen.getByRole('complementary', { name: 'Demo' });
    expect(banner.textContent).toBe(`${DEMO_BANNER_TEXT} Try Discord's slash commands`);
    // The demo's simulated Discord channel (issue 26 item 6).
    expect(screen.getByRole('link', { name: "Try Discord's slash commands" }).getAttribute('href')).toBe(
      '/demo/discord',
    );
  });
});
