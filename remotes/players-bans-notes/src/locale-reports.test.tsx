import type { ReportGroup } from '@outpost/contracts';
import { i18n, setLocale } from '@outpost/host';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import manifest from './manifest';

// Issue 27: the reports' words come from the remote's catalogs, through the manifest's page
// loaders as the shell loads a page; counts in each locale's own plural forms.

async function loadPage(name: string): Promise<ComponentType> {
  const load = manifest.routes.find((route) => route.name === name)?.load;
  if (!load) throw new Error(`no loader for ${name}`);
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

const FORM = { reasons: ['Cheating'], maxDetails: 2000, maxEvidenceLinks: 5, reportsPerWindow: 3, windowMinutes: 10 };

const group = (id: number, reportCount: number, overrides: Partial<ReportGroup> = {}): ReportGroup => ({
  id,
  targetSteamid: '76561197962734863',
  targetName: `Bob ${id}`,
  status: 'open',
  reportCount,
  reasons: ['Cheating'],
  firstReportAt: 1_700_000_000,
  lastReportAt: 1_700_000_600,
  claimedById: null,
  claimedByName: null,
  claimedAt: null,
  resolution: null,
  resolvedById: null,
  resolvedByName: null,
  resolvedAt: null,
  banId: null,
  noteId: null,
  comment: null,
  reports: [
    {
      id: id * 10,
      groupId: id,
      source: 'game',
      reporterId: null,
      reporterSteamid: '76561197960265733',
      reporterName: 'Gamer',
      reason: 'Cheating',
      details: '',
      evidence: ['https://video.example.org/1'],
      serverId: 's1',
      serverName: 'Versus #1',
      createdAt: 1_700_000_000,
    },
  ],
  ...overrides,
});

afterEach(cleanup);
afterAll(async () => {
  await setLocale('en');
});

describe('reports in German and Russian', () => {
  it('draws the report form and your reports in German', async () => {
    await setLocale('de');
    const Page = await loadPage('report-player');
    signInForTest([]);
    createTestHost({
      'GET /api/reports/form': { body: FORM },
      'GET /api/reports/mine': {
        body: {
          reports: [{ id: 3, targetSteamid: '1', targetName: 'Bob', reason: 'Cheating', createdAt: 1, status: 'open' }],
        },
      },
      'GET /api/servers': { body: [] },
    });
    renderAt(Page, '/reports/new');
    const form = await screen.findByRole('form', { name: 'Spieler melden' });
    expect(within(form).getByLabelText('Was ist passiert')).toBeTruthy();
    expect(within(form).getByText('Wann, wo und was du gesehen hast (0/2000 Zeichen).')).toBeTruthy();
    expect(within(form).getByText(/Höchstens 3 Meldungen in 10 Minuten\./)).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Meldung senden' })).toBeTruthy();
    const mine = screen.getByRole('table', { name: 'Deine Meldungen' });
    expect(within(mine).getByRole('columnheader', { name: 'Gemeldet' })).toBeTruthy();
    expect(within(mine).getByText('Wartet')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/players-bans-notes\./);
  });

  it('draws the staff queue in Russian, each count in its own form', async () => {
    await setLocale('ru');
    const Page = await loadPage('admin-reports');
    signInForTest(['reports.manage']);
    createTestHost({
      'GET /api/reports/groups': {
        body: {
          groups: [
            group(1, 1),
            group(2, 3, { claimedById: 'u2', claimedByName: 'Owl' }),
            group(3, 5, { status: 'resolved', resolution: 'note', noteId: 9, resolvedByName: 'Owl', resolvedAt: 1 }),
          ],
          openCount: 2,
        },
      },
    });
    renderAt(Page, '/admin/reports');
    const first = (await screen.findByRole('article', { name: /Bob 1/ })) as HTMLElement;
    expect(first.textContent).toContain('1 жалоба');
    expect(first.textContent).toContain('Ею никто не занимается.');
    expect(first.textContent).toContain('в игре');
    expect(first.textContent).toContain('на Versus #1');
    expect(within(first).getByRole('list', { name: 'Доказательства от Gamer' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Взять' })).toBeTruthy();
    const second = screen.getByRole('article', { name: /Bob 2/ });
    expect(second.textContent).toContain('3 жалобы');
    expect(second.textContent).toContain('Ею занимается Owl.');
    expect(within(second).getByRole('button', { name: 'Перехватить' })).toBeTruthy();
    const third = screen.getByRole('article', { name: /Bob 3/ });
    expect(third.textContent).toContain('5 жалоб');
    expect(third.textContent).toContain('Заметка #9');
    expect(screen.getByRole('status').textContent).toBe('Открыто: 2');
    expect(screen.getByLabelText('Кто взял')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/players-bans-notes\./);
  });

  it('plural forms of the report count in ru and pl (1, 3, 5, 21, 22)', async () => {
    const count = (value: number) => i18n._('players-bans-notes.reports.group.count', { count: value });
    const expected: Record<string, string[]> = {
      ru: ['1 жалоба', '3 жалобы', '5 жалоб', '21 жалоба', '22 жалобы'],
      pl: ['1 zgłoszenie', '3 zgłoszenia', '5 zgłoszeń', '21 zgłoszeń', '22 zgłoszenia'],
      en: ['1 report', '3 reports', '5 reports', '21 reports', '22 reports'],
    };
    for (const [locale, forms] of Object.entries(expected)) {
      await setLocale(locale);
      await loadPage('admin-reports');
      expect([1, 3, 5, 21, 22].map(count), locale).toEqual(forms);
    }
  });
});
