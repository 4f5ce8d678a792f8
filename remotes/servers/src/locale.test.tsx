import { metaResponseSchema } from '@outpost/contracts';
import { getHost, i18n, setLocale, useMetaStore } from '@outpost/host';
import { createTestHost, jsonResponse as json, signInForTest } from '@outpost/host/testing';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ActionButtons } from './features/actions/action-buttons';
import { runServerAction } from './features/actions/run-action';
import { CreateInstanceModal } from './features/create-instance/create-instance-modal';
import manifest from './manifest';
import { makeAction, makeGroup, makeServer } from './test-support/fixtures';
import { makeManagedGroup, makeManagedServer } from './test-support/managed';

// Issue 27: the staff pages' words come from the remote's own catalogs (locales/<locale>.json),
// fetched with a page's code and only for the active locale. Here through the manifest's page
// loaders, as the shell loads a page.

async function loadPage(name: string): Promise<ComponentType> {
  const load = manifest.routes.find((route) => route.name === name)?.load;
  if (!load) throw new Error(`no page loader for ${name}`);
  const module = (await load()) as { default: ComponentType };
  return module.default;
}

async function renderPage(Page: ComponentType, url: string, pattern: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={pattern} element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
  await act(async () => {});
}

const group = makeGroup({
  templateId: 'coop-template',
  servers: [makeServer({ actions: [makeAction({ name: 'Restart', command: 'restart' })] })],
});

function serveServers() {
  signInForTest(['servers.*']);
  createTestHost((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/servers') return json([group]);
    if (path === '/api/servers/groups/coop') return json(makeManagedGroup());
    if (path === '/api/servers/coop-1') return json(makeManagedServer());
    return undefined;
  });
}

afterEach(() => {
  cleanup();
  signInForTest(null);
});
afterAll(async () => {
  await setLocale('en');
});

describe('the staff pages of servers in German and Russian', () => {
  it('fetches nothing of their catalog until a staff page is asked for', async () => {
    await setLocale('de');
    expect(i18n.messages['servers.admin.caption']).toBeUndefined();
  });

  it('draws the server groups in German', async () => {
    await setLocale('de');
    const Page = await loadPage('servers-v2');
    serveServers();
    await renderPage(Page, '/admin/servers', '/admin/servers');
    const table = await screen.findByRole('table', { name: 'Servergruppen' });
    for (const head of ['Gruppe', 'Spiel', 'Typ', 'Server', 'Online', 'Spieler']) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(`^${head}\\b`) })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: /Neue Gruppe/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Klassische Ansicht' })).toBeTruthy();
    expect(screen.queryByText(/servers\./)).toBeNull();
  });

  it("draws a group's page in Russian", async () => {
    await setLocale('ru');
    const Page = await loadPage('server-group');
    serveServers();
    await renderPage(Page, '/admin/servers/coop', '/admin/servers/:groupId');
    expect(await screen.findByRole('button', { name: /Изменить группу/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Удалить группу/ })).toBeTruthy();
    expect(screen.getByText('Шаблон')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Серверы' })).toBeTruthy();
    expect(screen.queryByText(/servers\./)).toBeNull();
  });

  it("draws a server's page in German: tabs, facts, the players' table", async () => {
    await setLocale('de');
    const Page = await loadPage('server-view');
    serveServers();
    await renderPage(Page, '/admin/servers/coop/coop-1', '/admin/servers/:groupId/:serverId');
    expect(await screen.findByRole('tab', { name: 'Übersicht', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Einstellungen' })).toBeTruthy();
    expect(screen.getByText('Letzte Antwort')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Zurück zur Gruppe/ })).toBeTruthy();
    expect(screen.queryByText(/servers\./)).toBeNull();
  });

  it("says a group's deletion in each locale's plural forms (1, 3, 5, 21, 22 servers)", async () => {
    const question = (count: number) => i18n._('servers.group.deleteQuestion', { name: 'Coop', count });
    const expected: Record<string, string[]> = {
      ru: [
        'Удалить Coop и её 1 сервер?',
        'Удалить Coop и её 3 сервера?',
        'Удалить Coop и её 5 серверов?',
        'Удалить Coop и её 21 сервер?',
        'Удалить Coop и её 22 сервера?',
      ],
      pl: [
        'Usunąć Coop i jej 1 serwer?',
        'Usunąć Coop i jej 3 serwery?',
        'Usunąć Coop i jej 5 serwerów?',
        'Usunąć Coop i jej 21 serwerów?',
        'Usunąć Coop i jej 22 serwery?',
      ],
      de: [
        'Coop und seinen 1 Server löschen?',
        'Coop und seine 3 Server löschen?',
        'Coop und seine 5 Server löschen?',
        'Coop und seine 21 Server löschen?',
        'Coop und seine 22 Server löschen?',
      ],
    };
    for (const [locale, forms] of Object.entries(expected)) {
      await setLocale(locale);
      await loadPage('servers-v2');
      expect([1, 3, 5, 21, 22].map(question), locale).toEqual(forms);
    }
  });

  it('speaks English again when switched back', async () => {
    await setLocale('en');
    const Page = await loadPage('servers-v2');
    serveServers();
    await renderPage(Page, '/admin/servers', '/admin/servers');
    expect(await screen.findByRole('table', { name: 'Server groups' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Legacy view' })).toBeTruthy();
  });
});

describe('the links page in German', () => {
  it('names each link and what it leads to in German', async () => {
    await setLocale('de');
    const Page = await loadPage('links');
    useMetaStore.setState({
      meta: metaResponseSchema.parse({
        settings: { notice: { enabled: false, text: '', class: '' }, domain: 'outpost.test' },
        steamAvailable: true,
        siteName: 'Outpost',
        loginProviders: { steam: { openidUrl: 'x', realm: 'x', callbackUrl: 'x' }, discord: { enabled: false } },
        sentry: null,
        links: ['stats', 'steam-group', 'discord'],
      }),
    });
    await renderPage(Page, '/links', '/links');
    expect(screen.getByRole('link', { name: 'Statistiken' })).toBeTruthy();
    expect(screen.getByText('Tritt unserer Steam-Gruppe bei')).toBeTruthy();
    expect(screen.getByText('Tritt unserem Discord-Server bei')).toBeTruthy();
    expect(screen.queryByText(/servers\./)).toBeNull();
  });
});

describe('adding a custom server in Russian', () => {
  it("draws the wizard's steps, fields and buttons in Russian", async () => {
    await setLocale('ru');
    const Page = await loadPage('create-server');
    serveServers();
    await renderPage(Page, '/admin/create-server', '/admin/create-server');
    expect(await screen.findByText(/1\. Адрес/)).toBeTruthy();
    expect(screen.getByText(/3\. Проверка/)).toBeTruthy();
    expect(screen.getByLabelText('Порт запросов')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Далее' })).toBeTruthy();
    expect(screen.queryByText(/servers\./)).toBeNull();
  });
});

// The staff parts the overview opens itself (no page loader waits for their words): they fetch
// the staff catalog on their first drawing and draw once it is in.
describe("the overview's staff parts in German and Russian", () => {
  const docker = makeGroup({ id: 'vs', name: 'Versus', type: 'docker', templateId: 'l4d2-vs', servers: [] });
  const coop = makeGroup({
    id: 'coop',
    name: 'Coop',
    type: 'custom',
    templateId: 'coop',
    servers: [makeServer({ id: 'c1', online: false }), makeServer({ id: 'c2', online: false })],
  });

  it('draws instance creation in German, its failure figures as German writes numbers', async () => {
    await setLocale('de');
    createTestHost(() => undefined);
    render(
      <CreateInstanceModal
        groups={[docker]}
        onClose={() => {}}
        initialState={{
          step: 4,
          groupId: 'vs',
          failure: {
            kind: 'no-free-resources',
            details: { resource: 'cpu', cpu: { current: 0.75, average: 0.5, threshold: 0.6 } },
          },
        }}
      />,
    );
    expect(await screen.findByRole('dialog', { name: 'Neue Instanz erstellen' })).toBeTruthy();
    expect(
      screen.getByText('Im Moment sind nicht genug Systemressourcen frei, um eine neue Instanz zu erstellen.'),
    ).toBeTruthy();
    expect(screen.getByText('Aktuelle Last').nextSibling?.textContent).toBe('0,75');
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeTruthy();
    expect(screen.queryByText(/servers\./)).toBeNull();
  });

  it('warns in Russian with the count in its form', async () => {
    await setLocale('ru');
    createTestHost(() => undefined);
    render(<CreateInstanceModal groups={[coop]} groupId="coop" onClose={() => {}} />);
    expect(await screen.findByText(/^Вы уверены\? Уже есть 2 свободных экземпляра\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Создать экземпляр (5)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Назад' })).toBeTruthy();
  });

  it('toasts an action in Russian, and says "no actions" there', async () => {
    await setLocale('ru');
    createTestHost(() => json({ error: 'PLAYERS_ONLINE', message: 'There are 3 players online' }, 409, 'Conflict'));
    expect(await runServerAction(getHost(), 'coop-1', makeAction({ name: 'Restart', command: 'restart' }))).toEqual({
      level: 'error',
      message: 'Запрос не выполнен: на сервере есть игроки.',
    });
    signInForTest([]);
    render(<ActionButtons server={makeServer({ actions: [makeAction({ name: 'Restart', command: 'restart' })] })} />);
    expect(await screen.findByText('Нет действий')).toBeTruthy();
  });
});
