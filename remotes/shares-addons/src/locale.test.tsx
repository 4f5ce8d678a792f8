import type { Addon, Share } from '@outpost/contracts';
import { i18n, setLocale } from '@outpost/host';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import manifest from './manifest';

// Issue 27: the remote's words come from its own catalogs (locales/<locale>.json), fetched with
// its code and only for the active locale. Here through the manifest's page loader, as the
// shell loads a page.

const share = (id: string, name: string, addonCount: number): Share => ({
  id,
  name,
  game: 'l4d2',
  quotaBytes: 10 * 1024 * 1024,
  usedBytes: 1536,
  addonCount,
  groups: id === 'abc123' ? [{ id: 'g', name: 'Coop Servers' }] : [],
  createdAt: 1,
});
const addon = (id: string, name: string, maps: number, source: Addon['source']): Addon => ({
  id,
  shareId: 'abc123',
  name,
  title: null,
  size: 1024,
  sha256: 'f'.repeat(64),
  modifiedAt: 1_700_000_000,
  source,
  workshopId: source === 'workshop' ? '777' : null,
  details: {
    kind: 'vpk',
    title: null,
    author: 'Tester',
    version: '1.2',
    description: null,
    maps: Array.from({ length: maps }, (_, index) => `c1m${index + 1}`),
    fileCount: 3,
    metadataFile: 'addoninfo.txt',
    vpkVersion: 1,
  },
});

async function loadPage(): Promise<ComponentType> {
  const load = manifest.routes[0]?.load;
  if (!load) throw new Error('no page loader');
  const module = (await load()) as { default: ComponentType };
  return module.default;
}

function renderPage(Page: ComponentType, url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin/shares/*" element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The shares list served with three shares (1, 3 and 5 addons), signed in with shares.*. */
function serveShares() {
  signInForTest(['shares.*']);
  createTestHost({
    'GET /api/shares': {
      body: { shares: [share('abc123', 'Campaigns', 1), share('def', 'Versus', 3), share('ghi', 'Maps', 5)] },
    },
    'GET /api/shares/abc123': {
      body: {
        share: share('abc123', 'Campaigns', 22),
        addons: [addon('a1', 'b_campaign.vpk', 1, 'upload'), addon('a2', 'a_skins.vpk', 5, 'workshop')],
      },
    },
    'GET /api/shares/abc123/workshop-jobs': { body: { jobs: [] } },
  });
}

afterEach(cleanup);
afterAll(async () => {
  await setLocale('en');
});

describe('shares-addons in German and Russian', () => {
  it('fetches nothing of its catalogs until its page is asked for', async () => {
    await setLocale('de');
    expect(i18n.messages['shares-addons.list.caption']).toBeUndefined();
  });

  it('draws the share list in German', async () => {
    await setLocale('de');
    const Page = await loadPage();
    serveShares();
    renderPage(Page, '/admin/shares');
    const table = await screen.findByRole('table', { name: 'Addon-Shares' });
    for (const head of ['Share', 'Spiel', 'Addons', 'Größe', 'Genutzt von', 'Aktionen']) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(head) })).toBeTruthy();
    }
    const versus = screen.getByRole('link', { name: 'Versus' }).closest('tr') as HTMLElement;
    expect(versus.textContent).toContain('Keine Gruppe');
    expect(versus.textContent).toMatch(/1[.,]5 KiB von 10[.,]0 MiB/);
    expect(within(versus).getByRole('button', { name: 'Versus löschen' }).textContent).toContain('Löschen');
    expect(screen.getByRole('button', { name: /Neuer Share/ })).toBeTruthy();
    expect(screen.queryByText(/shares-addons\./)).toBeNull();
  });

  it("draws a share's addons in German, with plural counts", async () => {
    await setLocale('de');
    const Page = await loadPage();
    serveShares();
    renderPage(Page, '/admin/shares/abc123/grid');
    const grid = await screen.findByRole('list', { name: 'Addons in Campaigns' });
    expect(grid.textContent).toContain('1 Map');
    expect(grid.textContent).toContain('5 Maps');
    expect(grid.textContent).toContain('Hochgeladen');
    expect(screen.getByText(/22 Addons, /).textContent).toContain('genutzt von Coop Servers');
    expect(screen.getByRole('link', { name: 'Alle Shares' })).toBeTruthy();
    expect(screen.getByLabelText('Sortieren nach')).toBeTruthy();
    expect(screen.queryByText(/shares-addons\./)).toBeNull();
  });

  it('draws the share list and a share in Russian, each count in its own form', async () => {
    await setLocale('ru');
    const Page = await loadPage();
    serveShares();
    renderPage(Page, '/admin/shares');
    const table = await screen.findByRole('table', { name: 'Шары аддонов' });
    expect(within(table).getByRole('columnheader', { name: /Используют/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Maps' }).closest('tr')?.textContent).toContain('Нет группы');
    expect(screen.getByRole('button', { name: 'Удалить Versus' })).toBeTruthy();
    cleanup();

    renderPage(Page, '/admin/shares/abc123/grid');
    const grid = await screen.findByRole('list', { name: 'Аддоны в Campaigns' });
    expect(grid.textContent).toContain('1 карта');
    expect(grid.textContent).toContain('5 карт');
    expect(grid.textContent).toContain('Мастерская');
    expect(screen.getByText(/22 аддона, /).textContent).toContain('используют Coop Servers');
    expect(screen.queryByText(/shares-addons\./)).toBeNull();
  });

  it('plural forms of the addon count in ru, pl, pt-BR and zh-CN', async () => {
    await loadPage();
    const summary = (count: number) => i18n._('shares-addons.view.summary', { count, size: '1 MB' });
    const expected: Record<string, string[]> = {
      ru: ['1 аддон, 1 MB', '3 аддона, 1 MB', '5 аддонов, 1 MB', '21 аддон, 1 MB', '22 аддона, 1 MB'],
      pl: ['1 addon, 1 MB', '3 addony, 1 MB', '5 addonów, 1 MB', '21 addonów, 1 MB', '22 addony, 1 MB'],
      'pt-BR': ['1 addon, 1 MB', '3 addons, 1 MB', '5 addons, 1 MB', '21 addons, 1 MB', '22 addons, 1 MB'],
      'zh-CN': [
        '1 个附加组件，1 MB',
        '3 个附加组件，1 MB',
        '5 个附加组件，1 MB',
        '21 个附加组件，1 MB',
        '22 个附加组件，1 MB',
      ],
    };
    for (const [locale, forms] of Object.entries(expected)) {
      await setLocale(locale);
      await loadPage();
      expect([1, 3, 5, 21, 22].map(summary), locale).toEqual(forms);
    }
  });

  it('speaks English again when switched back', async () => {
    await setLocale('en');
    const Page = await loadPage();
    serveShares();
    renderPage(Page, '/admin/shares');
    expect(await screen.findByRole('table', { name: 'Addon shares' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Versus' }).closest('tr')?.textContent).toContain('No group');
  });
});
