import { i18n, PAGE_CATALOGS_ELEMENT_ID, setLocale } from '@outpost/host';
import { createTestHost, jsonResponse as json, signInForTest } from '@outpost/host/testing';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import manifest from '../../manifest';
import { makeGroup, makeServer } from '../../test-support/fixtures';

// Issue 27: the public overview's words are its own owner's (servers-overview, locales/ beside
// this file), brought by the route's loader before `/` draws, in the active locale.

async function loadOverview(): Promise<ComponentType> {
  const load = manifest.routes.find((route) => route.path === '/')?.load;
  if (!load) throw new Error('no loader for /');
  return ((await load()) as { default: ComponentType }).default;
}

async function drawOverview() {
  const Page = await loadOverview();
  createTestHost(() =>
    json([
      makeGroup({
        servers: [makeServer({ tags: ['customs'] }), makeServer({ id: 'off', name: 'Off', online: false })],
      }),
    ]),
  );
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
  await act(async () => {});
}

afterEach(() => {
  cleanup();
  signInForTest(null);
});
afterAll(async () => {
  await setLocale('en');
});

describe('the public overview in German and Russian', () => {
  it('draws / in German: columns, Join, status, tags, help, countdown', async () => {
    await setLocale('de');
    await drawOverview();
    const table = await screen.findByRole('table', { name: 'Server der Gruppe Coop Servers' });
    for (const head of ['Name', 'Spieler', 'Aktuelle Map', 'Direkter Verbindungsbefehl', 'Lobby-Befehl']) {
      expect(within(table).getByRole('columnheader', { name: head })).toBeTruthy();
    }
    expect(within(table).getByRole('link', { name: 'Beitreten' })).toBeTruthy();
    expect(within(table).getByRole('img', { name: 'Auf dem Server sind Spieler online' })).toBeTruthy();
    expect(within(table).getByText('Custom Maps')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Wie trete ich einem Server bei?' })).toBeTruthy();
    expect(screen.getByText(/füge den Befehl aus der Spalte/).textContent).toContain(
      'Spielkonsole (~) und füge den Befehl aus der Spalte Direkter Verbindungsbefehl ein, zum Beispiel connect host:port.',
    );
    expect(screen.getByRole('timer').textContent).toMatch(/Aktualisierung in \d+ s|Wird aktualisiert…/);
    expect(document.body.textContent).not.toContain('servers-overview.');
  });

  it("opens a server's public details in Russian", async () => {
    await setLocale('ru');
    await drawOverview();
    const table = await screen.findByRole('table', { name: 'Серверы группы Coop Servers' });
    expect(within(table).getByRole('columnheader', { name: 'Команда для подключения' })).toBeTruthy();
    expect(within(table).getByRole('img', { name: 'Сервер выключен, не отвечает или недоступен' })).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Coop #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Coop #1' });
    expect(within(dialog).getByText('Статус')).toBeTruthy();
    expect(within(dialog).getByText('На сервере есть игроки')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Игроки онлайн' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('servers-overview.');
  });

  it('says how many players a partial list is from in each locale (1, 3, 5, 21, 22)', async () => {
    const some = (count: number) => i18n._('servers-overview.details.some', { count });
    const expected: Record<string, string[]> = {
      ru: [
        'Часть из 1 игрока онлайн',
        'Часть из 3 игроков онлайн',
        'Часть из 5 игроков онлайн',
        'Часть из 21 игрока онлайн',
        'Часть из 22 игроков онлайн',
      ],
      pl: [
        'Część z 1 gracza online',
        'Część z 3 graczy online',
        'Część z 5 graczy online',
        'Część z 21 graczy online',
        'Część z 22 graczy online',
      ],
      en: [
        'Some of the 1 player online',
        'Some of the 3 players online',
        'Some of the 5 players online',
        'Some of the 21 players online',
        'Some of the 22 players online',
      ],
    };
    for (const [locale, forms] of Object.entries(expected)) {
      await setLocale(locale);
      await loadOverview();
      expect([1, 3, 5, 21, 22].map(some), locale).toEqual(forms);
    }
    await setLocale('ru');
    const days = (count: number) => i18n._('servers-overview.peaks.none', { days: count });
    expect([1, 3, 5, 21, 22].map(days)).toEqual([
      'За последний 1 день игроков не было',
      'За последние 3 дня игроков не было',
      'За последние 5 дней игроков не было',
      'За последний 21 день игроков не было',
      'За последние 22 дня игроков не было',
    ]);
  });
});

describe("the overview's words in the page the server sent", () => {
  afterEach(() => {
    document.getElementById(PAGE_CATALOGS_ELEMENT_ID)?.remove();
  });

  it('are what / draws with, in English too (its English is not in the JS)', async () => {
    // A fresh copy of the overview's owner (and of the host's registry): it has asked for nothing yet.
    vi.resetModules();
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = PAGE_CATALOGS_ELEMENT_ID;
    element.textContent = JSON.stringify({
      locale: 'en',
      owners: { 'servers-overview': { 'servers-overview.join': ['Join (from the page)'] } },
    });
    document.head.append(element);
    const { overviewCatalogs } = await import('./catalogs');
    await overviewCatalogs.ready();
    expect(i18n._('servers-overview.join')).toBe('Join (from the page)');
  });
});
