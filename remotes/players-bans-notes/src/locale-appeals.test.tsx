import { i18n, setLocale } from '@outpost/host';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import manifest from './manifest';
import { appealDetail, FOX } from './test-support/fixtures';

// Issue 27: the appeals' words come from the remote's catalogs, fetched with a page's code and only
// for the active locale; here through the manifest's page loaders, as the shell loads a page.

async function loadPage(name: string): Promise<ComponentType> {
  const load = manifest.routes.find((route) => route.name === name)?.load;
  if (!load) throw new Error(`no loader for ${name}`);
  const module = (await load()) as { default: ComponentType };
  return module.default;
}

function renderAt(Page: ComponentType, path: string, url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
}

const ASSIGNEES = { assignees: [{ id: 'u9', name: 'Owl', steamid: null }] };

afterEach(cleanup);
afterAll(async () => {
  await setLocale('en');
});

describe('appeals in German and Russian', () => {
  it("draws the player's appeal in German", async () => {
    await setLocale('de');
    const Page = await loadPage('appeal');
    signInForTest([], '', { steamid: FOX });
    createTestHost({
      'GET /api/appeals/7': {
        body: appealDetail({
          messages: [{ id: 1, by: 'staff', authorName: 'Owl', body: 'Which round?', internal: false, createdAt: 1 }],
        }),
      },
    });
    renderAt(Page, '/bans/appeals/:id', '/bans/appeals/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Einspruch #7: Ban #3' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Meine Einsprüche/ })).toBeTruthy();
    const conversation = screen.getByRole('list', { name: 'Unterhaltung' });
    expect(within(conversation).getByRole('article', { name: 'Begründung' }).textContent).toContain(
      'Du hast Einspruch eingelegt',
    );
    expect(within(conversation).getByRole('article', { name: 'Nachricht vom Team' }).textContent).toContain('Team');
    expect(screen.getByText('Ban-Grund')).toBeTruthy();
    expect(screen.getByText('Gebannt von')).toBeTruthy();
    expect(screen.getByLabelText('Deine Antwort')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Antwort senden' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Einspruch schließen' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/players-bans-notes\./);
  });

  it('draws the staff queue and a decision in Russian', async () => {
    await setLocale('ru');
    const Queue = await loadPage('admin-appeals');
    signInForTest(['appeals.manage', 'bans.unban']);
    createTestHost({
      'GET /api/appeals': { body: { appeals: [appealDetail().appeal], nextCursor: null } },
      'GET /api/appeals/assignees': { body: ASSIGNEES },
      'GET /api/appeals/7': {
        body: appealDetail({ view: 'staff', can: { reply: true, comment: true, decide: true, close: false } }),
      },
    });
    renderAt(Queue, '/admin/appeals', '/admin/appeals');
    const table = await screen.findByRole('table', { name: 'Апелляции, сначала самые старые' });
    for (const head of ['Апелляция', 'Игрок', 'Бан', 'Открыта', 'Последняя активность', 'Назначена', 'Состояние']) {
      expect(within(table).getByRole('columnheader', { name: head })).toBeTruthy();
    }
    expect(within(table).getByText('#3 бан: cheating')).toBeTruthy();
    expect(within(table).getByText('Никому')).toBeTruthy();
    expect(await screen.findByRole('option', { name: 'Назначена: Owl' })).toBeTruthy();
    expect(screen.getByLabelText('Поиск апелляций')).toBeTruthy();
    cleanup();

    const Appeal = await loadPage('appeal');
    renderAt(Appeal, '/bans/appeals/:id', '/bans/appeals/7');
    expect(await screen.findByRole('heading', { level: 2, name: 'Решение' })).toBeTruthy();
    expect(screen.getByLabelText('Принять и снять бан')).toBeTruthy();
    expect(screen.getByLabelText('Причина (её прочитает игрок)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Назначить мне' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Принять апелляцию' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Очередь апелляций/ })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/players-bans-notes\./);
  });

  it("draws the player's own appeals in Russian, the bans page linked in the sentence", async () => {
    await setLocale('ru');
    const Page = await loadPage('my-appeals');
    signInForTest([], '', { steamid: FOX });
    createTestHost({
      'GET /api/appeals/mine': {
        body: {
          appeals: [{ ...appealDetail().appeal, ban: { ...appealDetail().appeal.ban, type: 'gag' } }],
          nextCursor: null,
        },
      },
    });
    renderAt(Page, '/bans/appeals', '/bans/appeals');
    const table = await screen.findByRole('table', { name: 'Мои апелляции' });
    expect(within(table).getByRole('link', { name: 'Апелляция #7' })).toBeTruthy();
    expect(within(table).getByText('гаг #3: cheating')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'странице банов' });
    expect(link.closest('p')?.textContent).toBe(
      'Чтобы обжаловать бан или блокировку общения на вашем аккаунте Steam, найдите нужную запись на странице банов и нажмите Обжаловать.',
    );
  });

  it('speaks English again when switched back', async () => {
    await setLocale('en');
    const Page = await loadPage('my-appeals');
    signInForTest([], '', { steamid: FOX });
    createTestHost({ 'GET /api/appeals/mine': { body: { appeals: [], nextCursor: null } } });
    renderAt(Page, '/bans/appeals', '/bans/appeals');
    expect(await screen.findByText('You have not appealed anything.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'bans page' }).closest('p')?.textContent).toBe(
      'To appeal a ban or comm block on your Steam account, find it on the bans page and press Appeal.',
    );
    expect(i18n._('players-bans-notes.appeals.view.title', { id: 1, type: 'ban', banId: 2 })).toBe('Appeal #1: ban #2');
  });
});
