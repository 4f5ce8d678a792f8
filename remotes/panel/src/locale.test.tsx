import type {
  FederationPublishingView,
  FederationReceived,
  FederationSubscription,
  ImportJob,
  RemotesListResponse,
  Webhook,
} from '@outpost/contracts';
import { i18n, setLocale } from '@outpost/host';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import manifest from './manifest';

// Issue 27: the panel's words come from its own catalogs (locales/<locale>.json), fetched with
// its code and only for the active locale. Here through the manifest's page loaders, as the
// shell loads a page. (The dashboard's cases are in locale-dashboard.test.tsx.)

async function loadPage(path: string): Promise<ComponentType> {
  const load = manifest.routes.find((route) => route.path === path)?.load;
  if (!load) throw new Error(`no page loader for ${path}`);
  const module = (await load()) as { default: ComponentType };
  return module.default;
}

function renderPage(Page: ComponentType, url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Page />
    </MemoryRouter>,
  );
}

const now = Math.floor(Date.now() / 1000);
const importJob: ImportJob = {
  id: 'a1',
  importer: 'sourcebans',
  source: 'sourcebans:sb:sb_',
  phase: 'failed',
  done: 2500,
  total: 10_000,
  kinds: [{ kind: 'bans', imported: 2400, skipped: 100, details: [] }],
  error: 'Table sb.sb_bans does not exist',
  startedAt: now - 60,
  updatedAt: now - 30,
  finishedAt: now - 30,
};

const remotes = (keepReleases: number, loads: number): RemotesListResponse => ({
  keepReleases,
  remotes: [
    {
      id: 'docs',
      active: { version: '0.1.0+bbbbbbbbbbbb', activatedAt: now - 3600, activatedBy: 'Release Manager' },
      health: {
        loads,
        loadFailures: 1,
        renderErrors: 0,
        errorRate: 0.05,
        lastError: 'Loading chunk 7 failed',
        lastErrorAt: now - 60,
      },
      canary: null,
      releases: [
        {
          version: '0.1.0+cccccccccccc',
          entry: '/remotes/docs/0.1.0+cccccccccccc/mf-manifest.json',
          contractVersion: '1.0.0',
          sharedVersions: { react: '19.3.1' },
          publishedBy: { id: 'u1', name: 'CI' },
          publishedAt: now - 60,
          status: 'available',
          activatedAt: null,
          catalogs: { keys: 50, translated: { de: 50, ru: 49 } },
        },
        {
          version: '0.1.0+bbbbbbbbbbbb',
          entry: '/remotes/docs/0.1.0+bbbbbbbbbbbb/mf-manifest.json',
          contractVersion: '1.0.0',
          sharedVersions: { react: '19.3.1' },
          publishedBy: { id: 'u1', name: 'CI' },
          publishedAt: now - 7200,
          status: 'available',
          activatedAt: now - 3600,
          catalogs: null,
        },
      ],
    },
    { id: 'panel', active: null, health: null, canary: null, releases: [] },
  ],
});

const webhook: Webhook = {
  id: 'w1',
  name: '#staff-log',
  maskedUrl: 'discord.com/api/webhooks/223456789012345678/…',
  enabled: true,
  kinds: ['ban.created', 'report.filed'],
  disabledReason: null,
  pending: 0,
  failed: 0,
  lastDelivery: {
    id: 'd1',
    kind: 'ban.created',
    title: 'Ban: Cheater',
    state: 'delivered',
    attempts: 3,
    nextAttemptAt: null,
    lastStatus: 200,
    lastError: null,
    createdAt: now - 60,
    finishedAt: now - 50,
  },
  createdAt: now - 3600,
  updatedAt: now - 3600,
};

const FINGERPRINT = 'aaaa:bbbb:cccc:dddd:eeee:ffff:0000:1111:2222:3333:4444:5555:6666:7777:8888:9999';
const publishing: FederationPublishingView = {
  enabled: true,
  kinds: ['ban', 'gag'],
  rules: [{ pattern: '*aimbot*', category: 'cheating' }],
  fingerprint: FINGERPRINT,
  publicKey: 'x'.repeat(43),
  published: 22,
};
const subscription: FederationSubscription = {
  id: '0123456789abcdef',
  site: 'https://bans.friends.example',
  name: 'bans.friends.example',
  fingerprint: FINGERPRINT,
  categories: ['cheating', 'ban-evasion'],
  mode: 'review',
  state: 'active',
  problem: null,
  heldSeq: 12,
  lastPolledAt: now - 60,
  receivedLastDay: 3,
  usualPerDay: 2,
  pending: 1,
  applied: 4,
  createdAt: now - 3600,
};
const received: FederationReceived = {
  subscriptionId: '0123456789abcdef',
  site: 'https://bans.friends.example',
  entryId: '42',
  kind: 'ban',
  steamid: '76561197960287930',
  category: 'hate-speech',
  length: null,
  createdAt: now - 600,
  expiresAt: null,
  status: 'pending',
  banId: null,
  receivedAt: now - 500,
};

function serve() {
  signInForTest(['panel.settings', 'remotes.publish', 'webhooks.manage', 'bans.create', 'bans.unban']);
  createTestHost({
    'GET /api/panel/federation/publishing': { body: publishing },
    'GET /api/panel/federation/subscriptions': { body: { subscriptions: [subscription] } },
    'GET /api/federation/review': { body: { entries: [received] } },
    'GET /api/federation/exceptions': { body: { exceptions: [] } },
    'GET /api/panel/imports': { body: { jobs: [importJob] } },
    'GET /api/remotes': { body: remotes(5, 38) },
    'GET /api/panel/webhooks': { body: { webhooks: [webhook], allowAnyHttps: false } },
  });
}

afterEach(cleanup);
afterAll(async () => {
  await setLocale('en');
});

describe('the panel in German and Russian', () => {
  it('fetches nothing of its catalogs until one of its pages is asked for', async () => {
    await setLocale('de');
    expect(i18n.messages['panel.imports.empty.title']).toBeUndefined();
  });

  it('draws the imports page in German', async () => {
    await setLocale('de');
    const Page = await loadPage('/panel/imports');
    serve();
    renderPage(Page, '/panel/imports');
    expect(await screen.findByText('Der Import ist fehlgeschlagen: Table sb.sb_bans does not exist')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Gelesene Bans und Kommunikationssperren' })).toBeTruthy();
    expect(screen.getByText('fehlgeschlagen')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Was der SourceBans++-Import übernommen und übersprungen hat' });
    expect(within(table).getByRole('columnheader', { name: 'Übersprungen' })).toBeTruthy();
    // The section strip names the sections as the Panel menu does, in German.
    const sections = screen.getByRole('navigation', { name: 'Panel-Bereiche' });
    expect(within(sections).getByRole('link', { name: 'Importe' }).getAttribute('aria-current')).toBe('page');
    expect(within(sections).getByRole('link', { name: 'Föderation' })).toBeTruthy();
    expect(within(sections).queryByRole('link', { name: 'Imports' })).toBeNull();
    expect(screen.getByRole('button', { name: /Aktualisieren/ })).toBeTruthy();
    expect(screen.queryByText(/panel\./)).toBeNull();
  });

  it('draws the remotes page in Russian, with its counts in their forms', async () => {
    await setLocale('ru');
    const Page = await loadPage('/panel/remotes');
    serve();
    renderPage(Page, '/panel/remotes');
    const docs = await screen.findByRole('article', { name: 'docs' });
    expect(within(docs).getByText('Активный релиз')).toBeTruthy();
    expect(docs.textContent).toContain('5,0 % (38 загрузок, 1 сбой загрузки, 0 ошибок отрисовки)');
    expect(docs.textContent).toContain('Последняя ошибка (');
    expect(within(docs).getByRole('table', { name: 'Релизы docs' })).toBeTruthy();
    expect(within(docs).getByRole('button', { name: 'Опробовать 0.1.0+cccccccccccc в моём браузере' })).toBeTruthy();
    // Catalog completeness: Russian digits and spacing ("98 %"), the column in Russian.
    expect(within(docs).getByRole('columnheader', { name: 'Переводы' })).toBeTruthy();
    const counted = within(docs).getByRole('list', { name: 'Переводы docs 0.1.0+cccccccccccc' });
    expect(
      within(counted)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['de 100 %', 'ru 98 %']);
    expect(within(docs).getByText('не подсчитано')).toBeTruthy();
    expect(screen.getByText('Отдают начальную сборку (релиза ещё нет): panel.')).toBeTruthy();
    expect(screen.getByText('Для каждого модуля хранятся файлы 5 последних релизов.')).toBeTruthy();
    expect(screen.queryByText(/panel\.[a-z]+\./)).toBeNull();
  });

  it('draws the webhooks page in German and Russian', async () => {
    await setLocale('de');
    let Page = await loadPage('/panel/webhooks');
    serve();
    renderPage(Page, '/panel/webhooks');
    let card = await screen.findByRole('article', { name: '#staff-log aktiv' });
    expect(within(card).getByText('Meldung eingegangen')).toBeTruthy();
    expect(within(card).getByTestId('last-delivery').textContent).toContain(
      'Zuletzt: Ban erstellt — zugestellt nach 3 Versuchen',
    );
    expect(within(card).getByRole('button', { name: 'Test an #staff-log senden' })).toBeTruthy();
    expect(screen.getByLabelText(/Jede öffentliche https-URL erlauben/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Webhook hinzufügen' })).toBeTruthy();
    expect(screen.queryByText(/panel\.[a-z]+\./)).toBeNull();
    cleanup();

    await setLocale('ru');
    Page = await loadPage('/panel/webhooks');
    renderPage(Page, '/panel/webhooks');
    card = await screen.findByRole('article', { name: '#staff-log включён' });
    expect(within(card).getByTestId('last-delivery').textContent).toContain(
      'Последнее: Бан выдан — доставлено с 3 попыток',
    );
    expect(within(card).getByRole('list', { name: 'Публикуемые события' }).textContent).toContain('Поступила жалоба');
    expect(screen.queryByText(/panel\.[a-z]+\./)).toBeNull();
  });

  it('draws the federation pages in German', async () => {
    await setLocale('de');
    const Page = await loadPage('/panel/federation');
    serve();
    renderPage(Page, '/panel/federation');
    expect(await screen.findByText('22 Einträge bisher veröffentlicht.')).toBeTruthy();
    expect(screen.getByLabelText('Muster 1')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Gags' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Schlüssel ersetzen…' })).toBeTruthy();
    const site = await screen.findByRole('article', { name: 'bans.friends.example' });
    expect(site.textContent).toContain('Cheating, Ban-Umgehung');
    expect(site.textContent).toContain('3 (sonst 2 am Tag)');
    expect(within(site).getByRole('button', { name: 'Jetzt lesen' })).toBeTruthy();
    expect(screen.queryByText(/panel\.[a-z]+\./)).toBeNull();
    cleanup();

    const Review = await loadPage('/panel/federation/review');
    renderPage(Review, '/panel/federation/review');
    const queue = await screen.findByRole('table', { name: 'Föderierte Bans, die auf Prüfung warten' });
    expect(queue.textContent).toContain('Hassrede');
    expect(queue.textContent).toContain('Permanent');
    expect(within(queue).getByRole('button', { name: 'Hier übernehmen' })).toBeTruthy();
    expect(await screen.findByText('Kein Spieler ist ausgenommen.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Spieler ausnehmen' })).toBeTruthy();
  });

  it('draws the federation review in Russian', async () => {
    await setLocale('ru');
    const Review = await loadPage('/panel/federation/review');
    serve();
    renderPage(Review, '/panel/federation/review');
    const queue = await screen.findByRole('table', { name: 'Федеративные баны, ждущие проверки' });
    expect(queue.textContent).toContain('Язык вражды');
    expect(queue.textContent).toContain('Навсегда');
    expect(within(queue).getByRole('button', { name: 'Отклонить' })).toBeTruthy();
    expect(screen.getByLabelText('Steam ID или ссылка на профиль')).toBeTruthy();
  });

  it('draws first-time setup in German and the setup guide in Russian', async () => {
    await setLocale('de');
    const Setup = await loadPage('/panel/first-time-setup');
    serve();
    renderPage(Setup, '/panel/first-time-setup');
    expect(screen.getByRole('heading', { name: 'Besitzer werden' })).toBeTruthy();
    expect(screen.getByLabelText('Einrichtungs-Token')).toBeTruthy();
    expect(screen.getByText(/^Angemeldet als/).textContent).toContain('oder den Wert von OUTPOST_SETUP_TOKEN.');
    cleanup();

    await setLocale('ru');
    const Guide = await loadPage('/panel/setup-guide');
    renderPage(Guide, '/panel/setup-guide');
    const steps = await screen.findAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Название и домен сайта сделать',
      'Ключ Steam Web API необязательно',
      'Приложение Discord необязательно',
      'Первая группа серверов и сервер сделать',
      'Токен плагина игрового сервера необязательно',
      'Переезд с другой панели необязательно',
    ]);
    expect(steps[5]?.textContent).toContain('; из AMXBans: pnpm outpost import amxbans');
    expect(screen.getByRole('link', { name: 'Открыть панель' })).toBeTruthy();
  });

  it("draws the kit gallery's chrome in German (its sample content stays as it is)", async () => {
    await setLocale('de');
    const Gallery = await loadPage('/panel/ui');
    serve();
    renderPage(Gallery, '/panel/ui');
    expect(screen.getByRole('heading', { level: 1, name: 'UI-Kit' })).toBeTruthy();
    const data = screen.getByRole('region', { name: 'Daten' });
    expect(
      within(data).getByText('Fakten zu einer Sache. Eine SteamID oder ein Datum bricht nie mitten in der Zahl um.'),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Seitenrahmen und Navigation' }).textContent).toContain(
      'Abschnitt (Ebene 2)',
    );
    expect(screen.queryByText(/panel\.gallery\./)).toBeNull();
  });

  it('plural forms of the kept releases, the loads and the published entries in ru and pl', async () => {
    const expected: Record<string, { kept: string[]; loads: string[]; published: string[] }> = {
      ru: {
        kept: [
          '1 последнего релиза',
          '3 последних релизов',
          '5 последних релизов',
          '21 последнего релиза',
          '22 последних релизов',
        ],
        loads: ['1 загрузка', '3 загрузки', '5 загрузок', '21 загрузка', '22 загрузки'],
        published: [
          'Опубликована 1 запись',
          'Опубликовано 3 записи',
          'Опубликовано 5 записей',
          'Опубликована 21 запись',
          'Опубликовано 22 записи',
        ],
      },
      pl: {
        kept: [
          'ostatniego wydania',
          'ostatnich 3 wydań',
          'ostatnich 5 wydań',
          'ostatnich 21 wydań',
          'ostatnich 22 wydań',
        ],
        loads: ['1 wczytanie', '3 wczytania', '5 wczytań', '21 wczytań', '22 wczytania'],
        published: [
          'opublikowano 1 wpis',
          'opublikowano 3 wpisy',
          'opublikowano 5 wpisów',
          'opublikowano 21 wpisów',
          'opublikowano 22 wpisy',
        ],
      },
    };
    for (const [locale, forms] of Object.entries(expected)) {
      await setLocale(locale);
      await loadPage('/panel/remotes');
      const counts = [1, 3, 5, 21, 22];
      const kept = counts.map((count) => i18n._('panel.releases.kept', { count }));
      const loads = counts.map((count) =>
        i18n._('panel.releases.errorFigures', { rate: '1 %', loads: count, failures: 0, errors: 0 }),
      );
      for (const [index, form] of forms.kept.entries()) expect(kept[index], locale).toContain(form);
      for (const [index, form] of forms.loads.entries()) expect(loads[index], locale).toContain(`(${form},`);
      const published = counts.map((count) => i18n._('panel.federation.publishing.published', { count }));
      for (const [index, form] of forms.published.entries()) expect(published[index], locale).toContain(form);
    }
  });

  it('speaks English again when switched back', async () => {
    await setLocale('en');
    const Page = await loadPage('/panel/remotes');
    serve();
    renderPage(Page, '/panel/remotes');
    const docs = await screen.findByRole('article', { name: 'docs' });
    expect(docs.textContent).toContain('5.0 % (38 loads, 1 load failures, 0 render errors)');
    expect(screen.getByText('The files of the last 5 releases of each remote are kept.')).toBeTruthy();
  });
});
