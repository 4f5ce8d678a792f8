import { i18n, setLocale } from '@outpost/host';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDuration } from './bans/ban-length';
import { actorText } from './common/actor-text';
import { LEADERBOARD_GROUPS } from './leaderboards/first-page';
import manifest from './manifest';
import { ban, FOX, note } from './test-support/fixtures';

// Issue 27: the remote's words come from its own catalogs (locales/<locale>.json), fetched with
// its code and only for the active locale. Here through the manifest's page loaders, as the
// shell loads a page.

async function loadPage(path: string): Promise<ComponentType> {
  const load = manifest.routes.find((route) => route.path === path)?.load;
  if (!load) throw new Error(`no page loader for ${path}`);
  const module = (await load()) as { default: ComponentType };
  return module.default;
}

function renderAt(Page: ComponentType, path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path} element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
}

function serveModeration() {
  createTestHost({
    'GET /api/bans': {
      body: {
        bans: [
          ban({ id: 3, playerName: 'Fox', type: 'mute', length: 3 * 86400 }),
          ban({ id: 2, playerName: 'Owl', length: 3600, status: 'expired' }),
        ],
        nextCursor: null,
      },
    },
    'GET /api/notes': {
      body: { notes: [note({ id: 2 }), note({ id: 1, body: 'Alt account', isPublic: false })], nextCursor: null },
    },
  });
}

afterEach(cleanup);
beforeEach(() => signInForTest(null));
afterAll(async () => {
  await setLocale('en');
});

describe('players-bans-notes in German and Russian', () => {
  it('fetches nothing of its catalogs until one of its pages is asked for', async () => {
    await setLocale('de');
    expect(i18n.messages['players-bans-notes.common.steamId.invalid']).toBeUndefined();
  });

  it('every page loader brings the catalog of the active locale with the page', async () => {
    for (const route of manifest.routes) {
      await setLocale('de');
      await loadPage(route.path);
      expect(i18n._('players-bans-notes.common.steamId.invalid'), route.path).toBe('Keine gültige Steam-ID');
    }
    await setLocale('ru');
    await loadPage('/bans');
    expect(i18n._('players-bans-notes.common.steamId.invalid')).toBe('Это не Steam ID');
    expect(actorText('Member', 'Real Admin', 'Console')).toBe('Real Admin (от имени Member)');
  });

  it('draws the public bans list in German', async () => {
    await setLocale('de');
    const Page = await loadPage('/bans');
    serveModeration();
    renderAt(Page, '/bans');
    const table = await screen.findByRole('table', { name: 'Bans' });
    for (const head of ['Spieler', 'Grund', 'Gebannt', 'Dauer', 'Läuft ab', 'Status', 'Admin']) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(head) })).toBeTruthy();
    }
    const fox = screen.getByText('Fox').closest('tr') as HTMLElement;
    expect(fox.textContent).toContain('3 Tage');
    expect(fox.textContent).toContain('Mute');
    expect(screen.getByText('Owl').closest('tr')?.textContent).toContain('1 Stunde');
    expect(screen.getByLabelText('Bans durchsuchen')).toBeTruthy();
    expect(screen.queryByText(/players-bans-notes\./)).toBeNull();
  });

  it('draws the staff notes in Russian', async () => {
    await setLocale('ru');
    const Page = await loadPage('/admin/notes');
    signInForTest(['notes.*']);
    serveModeration();
    renderAt(Page, '/admin/notes');
    const staffOnly = await screen.findByRole('listitem', { name: 'Заметка 1' });
    expect(within(staffOnly).getByText('Только персонал')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Заметка 2' })).getByText('Публичная')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Новая заметка/ })).toBeTruthy();
    expect(screen.getByLabelText('Поиск заметок')).toBeTruthy();
    expect(screen.queryByText(/players-bans-notes\./)).toBeNull();
  });

  it('draws the players list in German, play time in German units', async () => {
    await setLocale('de');
    const Page = await loadPage('/admin/players');
    signInForTest(['players.*']);
    createTestHost({
      'GET /api/players': {
        body: {
          players: [
            {
              steamid: FOX,
              name: 'Fox',
              firstSeen: 1_690_000_000,
              lastSeen: 1_700_000_000,
              totalTime: 12_000,
              userId: null,
            },
          ],
          nextCursor: null,
        },
      },
    });
    renderAt(Page, '/admin/players');
    const table = await screen.findByRole('table', { name: 'Spieler' });
    for (const head of ['Name', 'Zuerst gesehen', 'Zuletzt gesehen', 'Spielzeit', 'Aktionen']) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(head) })).toBeTruthy();
    }
    const fox = screen.getByRole('link', { name: 'Fox' }).closest('tr') as HTMLElement;
    expect(fox.textContent).toContain('3 Std., 20 Min.');
    expect(within(fox).getByRole('link', { name: 'Fox melden' }).textContent).toBe('Melden');
    expect(screen.getByLabelText('Spieler suchen')).toBeTruthy();
    expect(screen.queryByText(/players-bans-notes\./)).toBeNull();
  });

  it('draws the leaderboards in Russian', async () => {
    await setLocale('ru');
    const Page = await loadPage('/leaderboards');
    createTestHost({
      [`GET ${LEADERBOARD_GROUPS}`]: {
        body: [
          {
            id: 'g1',
            name: 'Casual',
            description: '',
            game: 'tf2',
            type: 'custom',
            templateId: null,
            currentInstances: 0,
          },
        ],
      },
      'GET /api/leaderboards/:groupId': {
        body: {
          groupId: 'g1',
          groupName: 'Casual',
          period: 'week',
          periodKey: 'w2026-11-23',
          offset: 0,
          entries: [{ rank: 1, steamid: FOX, name: 'Fox', seconds: 12_000 }],
          nextCursor: null,
        },
      },
    });
    renderAt(Page, '/leaderboards');
    const table = await screen.findByRole('table', { name: 'Больше всех играли на Casual: эта неделя' });
    expect(within(table).getByRole('columnheader', { name: /Место/ })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /Время в игре/ })).toBeTruthy();
    for (const tab of ['Эта неделя', 'Этот месяц', 'За всё время']) {
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Скачать топ-500 в CSV' })).toBeTruthy();
    expect(screen.queryByText(/players-bans-notes\./)).toBeNull();
  });

  it('ban lengths and activity counts in the plural forms of ru, pl, de and zh-CN', async () => {
    const counts = [1, 3, 5, 21, 22];
    const expected: Record<string, { days: string[]; bans: string[] }> = {
      ru: {
        days: ['1 день', '3 дня', '5 дней', '21 день', '22 дня'],
        bans: ['1 бан', '3 бана', '5 банов', '21 бан', '22 бана'],
      },
      pl: {
        days: ['1 dzień', '3 dni', '5 dni', '21 dni', '22 dni'],
        bans: ['1 ban', '3 bany', '5 banów', '21 banów', '22 bany'],
      },
      de: {
        days: ['1 Tag', '3 Tage', '5 Tage', '21 Tage', '22 Tage'],
        bans: ['1 Ban', '3 Bans', '5 Bans', '21 Bans', '22 Bans'],
      },
      'zh-CN': {
        days: ['1 天', '3 天', '5 天', '21 天', '22 天'],
        bans: ['1 次封禁', '3 次封禁', '5 次封禁', '21 次封禁', '22 次封禁'],
      },
    };
    for (const [locale, forms] of Object.entries(expected)) {
      await setLocale(locale);
      await loadPage('/admin/players');
      // A ban's length as formatDuration writes it (22 days is no whole week), and the day unit itself.
      expect(formatDuration(22 * 86400), locale).toBe(forms.days[4]);
      expect(
        counts.map((count) => i18n._('players-bans-notes.bans.unit.day', { count })),
        locale,
      ).toEqual(forms.days);
      expect(
        counts.map((count) => i18n._('players-bans-notes.players.activity.count.bans', { count })),
        locale,
      ).toEqual(forms.bans);
    }
  });

  it('speaks English again when switched back', async () => {
    await setLocale('en');
    await loadPage('/bans');
    expect(actorText('Member', 'Real Admin', 'Console')).toBe('Real Admin (as Member)');
    expect(formatDuration(3 * 86400)).toBe('3 days');
  });
});
