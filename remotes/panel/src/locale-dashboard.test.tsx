import type { PanelRole } from '@outpost/contracts';
import { i18n, setLocale } from '@outpost/host';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import manifest from './manifest';

// Issue 27: the dashboard's tabs in the reader's language, from the panel's own catalogs, loaded
// through the manifest's page loader as the shell loads a page (the other pages: locale.test.tsx).

async function loadDashboard(path: string): Promise<ComponentType> {
  const load = manifest.routes.find((route) => route.path === path)?.load;
  if (!load) throw new Error(`no page loader for ${path}`);
  const module = (await load()) as { default: ComponentType };
  return module.default;
}

async function renderTab(path: string) {
  const Page = await loadDashboard(path);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
  );
}

const settings = {
  notice: { enabled: false, text: '', class: 'is-info' },
  domain: '',
  effectiveDomain: 'outpost.test',
  links: { stats: '', extendedStats: '', steamGroup: '', discord: '' },
  thresholds: { cpu: null, memory: null },
  environmentThresholds: { cpu: 0.9, memory: 0.1 },
  secrets: { steamApiKey: { set: true, source: 'environment' }, sentryDsn: { set: false, source: 'none' } },
  signIn: { steam: { enabled: true, namesAndAvatars: true }, discord: { configured: false, enabled: false } },
  discussions: { postsPerMinute: 5, maxBodyChars: 20000 },
  reports: { reasons: ['Cheating'], groupWindowHours: 24, reportsPerWindow: 3 },
  trustInGameUnbans: false,
  warnings: { expiryDays: 30, ladder: [] },
  recentPlayersMinutes: 60,
};

const discordBot = {
  applicationId: null,
  publicKey: null,
  botTokenSet: false,
  interactionsUrl: 'https://outpost.test/api/discord/interactions',
  commandsRegisteredAt: null,
  staffChannelId: null,
  guildId: null,
};

const role = (holders: number): PanelRole => ({
  id: `r${holders}`,
  name: `Role ${holders}`,
  codes: [],
  flags: '',
  immunityLevel: 0,
  holders,
  limits: { banMaxSeconds: null, commMaxSeconds: null, mayGivePermanent: false, mayLiftOthers: false },
});

const COUNTS = [1, 3, 5, 21, 22];

afterEach(cleanup);
afterAll(async () => {
  await setLocale('en');
});

describe('the dashboard in German, Russian and Polish', () => {
  it('draws the Site settings tab in German', async () => {
    await setLocale('de');
    signInForTest([], 'z');
    createTestHost({
      'GET /api/panel/settings': { body: settings },
      'GET /api/panel/discord-bot': { body: discordBot },
    });
    await renderTab('/panel/settings');
    expect(await screen.findByRole('button', { name: 'Einstellungen speichern' })).toBeTruthy();
    expect(screen.getByLabelText('Hinweis auf der Übersicht zeigen')).toBeTruthy();
    expect(screen.getByLabelText('Beiträge pro Minute und Nutzer')).toBeTruthy();
    expect(screen.getByText('gesetzt durch STEAM_API_KEY')).toBeTruthy();
    const bot = await screen.findByRole('region', { name: 'Discord-Bot' });
    expect(await within(bot).findByText('Befehle zuletzt registriert: nie')).toBeTruthy();
  });

  it('draws the Roles tab in Russian, each holder count in its form', async () => {
    await setLocale('ru');
    signInForTest([], 'z');
    createTestHost({ 'GET /api/panel/roles': { body: { roles: COUNTS.map(role) } } });
    await renderTab('/panel/roles');
    expect(await screen.findByText('1 пользователь')).toBeTruthy();
    expect(screen.getByText('3 пользователя')).toBeTruthy();
    expect(screen.getByText('5 пользователей')).toBeTruthy();
    expect(screen.getByText('21 пользователь')).toBeTruthy();
    expect(screen.getByText('22 пользователя')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Новая роль' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Иммунитет/ })).toBeTruthy();
    // The new role's permission list: each code with its meaning in Russian.
    fireEvent.click(screen.getByRole('button', { name: 'Новая роль' }));
    expect(await screen.findByText('Снимать баны')).toBeTruthy();
    expect(screen.getByText('Читать заметки только для персонала')).toBeTruthy();
    expect(screen.queryByText('Lift bans')).toBeNull();
  });

  it('draws the Health tab in German, the uptime in its units', async () => {
    await setLocale('de');
    signInForTest([], 'z');
    createTestHost({
      'GET /api/panel/health': {
        body: {
          database: { kind: 'sqlite', reachable: true, latencyMs: 2 },
          instances: [
            {
              id: 'abcdef0123',
              version: '0.1.0',
              startedAt: 1,
              uptimeSeconds: 93_784,
              lastSeen: 2,
              openStreams: 0,
              poller: null,
            },
          ],
          thisInstance: 'abcdef0123',
          lastBackup: null,
        },
      },
    });
    await renderTab('/panel/health');
    expect(await screen.findByText('1 T 2 Std. 3 Min.')).toBeTruthy();
    expect(screen.getByText('ja, 2 ms')).toBeTruthy();
    expect(screen.getByText('Letztes Backup').parentElement?.textContent).toContain(
      'noch keins: führe pnpm outpost backup aus',
    );
  });

  it('plural forms of holders, recipients and the longest ban in ru and pl', async () => {
    const expected = {
      ru: {
        holders: ['1 пользователь', '3 пользователя', '5 пользователей', '21 пользователь', '22 пользователя'],
        sent: [
          'Объявление отправлено 1 пользователю',
          'Объявление отправлено 3 пользователям',
          'Объявление отправлено 5 пользователям',
          'Объявление отправлено 21 пользователю',
          'Объявление отправлено 22 пользователям',
        ],
        days: ['Не больше 1 дня', 'Не больше 3 дней', 'Не больше 5 дней', 'Не больше 21 дня', 'Не больше 22 дней'],
      },
      pl: {
        holders: ['1 użytkownik', '3 użytkownicy', '5 użytkowników', '21 użytkowników', '22 użytkownicy'],
        sent: [
          'Ogłoszenie wysłano do 1 użytkownika',
          'Ogłoszenie wysłano do 3 użytkowników',
          'Ogłoszenie wysłano do 5 użytkowników',
          'Ogłoszenie wysłano do 21 użytkowników',
          'Ogłoszenie wysłano do 22 użytkowników',
        ],
        days: ['Najwyżej 1 dzień', 'Najwyżej 3 dni', 'Najwyżej 5 dni', 'Najwyżej 21 dni', 'Najwyżej 22 dni'],
      },
    };
    for (const [locale, forms] of Object.entries(expected)) {
      await setLocale(locale);
      const say = (key: string) => COUNTS.map((count) => i18n._(key, { count }));
      expect(say('panel.dashboard.roles.holders'), locale).toEqual(forms.holders);
      expect(say('panel.dashboard.announce.sent'), locale).toEqual(forms.sent);
      expect(say('panel.dashboard.limits.atMost.days'), locale).toEqual(forms.days);
    }
  });

  it('speaks English again when switched back', async () => {
    await setLocale('en');
    signInForTest([], 'z');
    createTestHost({ 'GET /api/panel/roles': { body: { roles: [role(1), role(3)] } } });
    await renderTab('/panel/roles');
    expect(await screen.findByText('1 user')).toBeTruthy();
    expect(screen.getByText('3 users')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New role' })).toBeTruthy();
  });
});
