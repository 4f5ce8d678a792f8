import { setLocale } from '@outpost/host';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import manifest from './manifest';
import { logEntry } from './test-support/fixtures';

// Issue 27: the audit log's words come from the remote's catalogs, through the manifest's loader.

async function loadAuditPage(): Promise<ComponentType> {
  const load = manifest.routes.find((route) => route.name === 'audit')?.load;
  if (!load) throw new Error('no audit loader');
  const module = (await load()) as { default: ComponentType };
  return module.default;
}

function serveLog() {
  signInForTest(['logs.view']);
  createTestHost({
    'GET /api/servers': { body: [] },
    'GET /api/logs': {
      body: {
        entries: [
          logEntry(10, { clientRealName: 'Owl' }),
          logEntry(9, { type: 'CHAT', message: 'hello' }),
          logEntry(8, { client: null, clientName: null, redacted: true, message: '[redacted]' }),
        ],
        olderCursor: 'older-1',
        newerCursor: null,
      },
    },
  });
}

function renderAudit(Page: ComponentType) {
  return render(
    <MemoryRouter initialEntries={['/admin/audit']}>
      <Routes>
        <Route path="/admin/audit/:aroundId?" element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(cleanup);
afterAll(async () => {
  await setLocale('en');
});

describe('the audit log in German and Russian', () => {
  it('draws the log in German', async () => {
    await setLocale('de');
    const Page = await loadAuditPage();
    serveLog();
    renderAudit(Page);
    const table = await screen.findByRole('table', { name: 'Protokolleinträge' });
    for (const head of ['Zeit', 'Spieler', 'Nachricht', 'Ziel']) {
      expect(within(table).getByRole('columnheader', { name: head })).toBeTruthy();
    }
    expect(within(table).getByText(/Owl \(als /)).toBeTruthy();
    expect(within(table).getByText('Konsole')).toBeTruthy();
    expect(within(table).getByText('[entfernt]')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Protokollfilter' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anwenden' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ältere laden' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Alle Server' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/players-bans-notes\./);
  });

  it('draws the log in Russian, chat lines tagged', async () => {
    await setLocale('ru');
    const Page = await loadAuditPage();
    serveLog();
    renderAudit(Page);
    const table = await screen.findByRole('table', { name: 'Записи журнала' });
    expect(within(table).getByText('ЧАТ')).toBeTruthy();
    expect(within(table).getByText(/Owl \(от имени /)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Перейти к записи' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Перейти' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/players-bans-notes\./);
  });
});
