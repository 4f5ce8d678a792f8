import type { DiscussionThread, EventSummary } from '@outpost/contracts';
import { i18n, setLocale } from '@outpost/host';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import manifest from './manifest';

// Issue 27: the remote's words come from its own catalogs (locales/<locale>.json), fetched with
// its code and only for the active locale. Here through the manifest's page loaders, as the
// shell loads a page.

const NOW = Math.floor(Date.now() / 1000);
const event: EventSummary = {
  id: 7,
  title: 'Versus night',
  slug: 'versus-night',
  startsAt: NOW + 86_400,
  endsAt: NOW + 86_400 + 7200,
  status: 'scheduled',
  place: { groupId: 'vs', groupName: 'Versus', serverId: 'vs-1', serverName: 'Versus #1' },
  organiserId: 'u1',
  organiserName: 'Olga',
  capacity: 2,
  goingCount: 2,
  maybeCount: 1,
  waitlistCount: 1,
  myResponse: 'going',
  myWaitlisted: false,
  myWaitlistPosition: null,
};
const thread: DiscussionThread = {
  id: 7,
  title: 'Map rotation: what next?',
  slug: 'map-rotation-what-next',
  body: 'Which **maps**?',
  category: 'servers',
  authorId: 'u-alice',
  authorName: 'Alice',
  createdAt: NOW - 900,
  editedAt: null,
  lastActivityAt: NOW - 60,
  isOpen: true,
  isPinned: true,
  replyCount: 1,
  unread: true,
};

async function loadPage(path: '/discuss' | '/events'): Promise<ComponentType> {
  const load = manifest.routes.find((candidate) => candidate.path === path)?.load;
  if (!load) throw new Error(`no page loader for ${path}`);
  const module = (await load()) as { default: ComponentType };
  return module.default;
}

function renderPage(Page: ComponentType, url: string, path: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={`${path}/*`} element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(cleanup);
afterAll(async () => {
  await setLocale('en');
});

describe('discuss-events in German', () => {
  it('fetches nothing of its catalogs until one of its pages is asked for', async () => {
    await setLocale('de');
    expect(i18n.messages['discuss-events.events.upcoming']).toBeUndefined();
  });

  it('draws the events page in German, counts and all', async () => {
    await setLocale('de');
    const Page = await loadPage('/events');
    signInForTest([]);
    createTestHost({
      'GET /api/events': { body: { upcoming: [event], past: [], upcomingCursor: null, pastCursor: null } },
      'GET /api/events/feed': { body: { exists: false, createdAt: null } },
    });
    renderPage(Page, '/events', '/events');
    const upcoming = await screen.findByRole('region', { name: 'Demnächst' });
    expect(upcoming.textContent).toContain('von Olga');
    expect(upcoming.textContent).toContain('2 von 2 dabei · 1 auf der Warteliste · 1 vielleicht');
    expect(upcoming.textContent).toContain('Voll');
    expect(upcoming.textContent).toContain('Du bist dabei');
    expect(
      within(screen.getByRole('region', { name: 'Vergangen' })).getByText('Keine vergangenen Events.'),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Feed-Adresse erstellen' })).toBeTruthy();
    expect(screen.queryByText(/discuss-events\./)).toBeNull();
  });

  it('draws the discussions list in German, with plural reply counts', async () => {
    await setLocale('de');
    const Page = await loadPage('/discuss');
    signInForTest(['discuss.use'], '', { id: 'u-alice', name: 'Alice' });
    createTestHost({
      'GET /api/discussions': {
        body: {
          threads: [thread, { ...thread, id: 8, title: 'Old', isPinned: false, unread: false, replyCount: 3 }],
          nextCursor: null,
          openDiscussions: 1,
        },
      },
    });
    renderPage(Page, '/discuss', '/discuss');
    const first = (await screen.findByRole('link', { name: /Map rotation/ })).closest('tr') as HTMLElement;
    expect(first.textContent).toContain('Angepinnt');
    expect(first.textContent).toContain('Server');
    expect(first.textContent).toContain('1 Antwort');
    const second = screen.getByRole('link', { name: 'Old' }).closest('tr') as HTMLElement;
    expect(second.textContent).toContain('3 Antworten');
    expect(screen.getByRole('tab', { name: 'Ungelesen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Neue Diskussion/ })).toBeTruthy();
  });

  it('switches back to English at once: its catalogs are loaded', async () => {
    await setLocale('de');
    const Page = await loadPage('/events');
    signInForTest([]);
    createTestHost({
      'GET /api/events': { body: { upcoming: [], past: [], upcomingCursor: null, pastCursor: null } },
      'GET /api/events/feed': { body: { exists: false, createdAt: null } },
    });
    renderPage(Page, '/events', '/events');
    expect(await screen.findByText('Noch keine Events geplant.')).toBeTruthy();
    await act(() => setLocale('en'));
    expect(await screen.findByText('No events planned yet.')).toBeTruthy();
  });
});

describe('discuss-events in the other locales', () => {
  // Counts that fall into each of the locale's plural categories (ru, pl: one, few, many).
  const COUNTS = [1, 3, 5, 21, 22];
  it.each([
    ['ru', ['1 ответ', '3 ответа', '5 ответов', '21 ответ', '22 ответа'], 'Новое обсуждение'],
    ['pl', ['1 odpowiedź', '3 odpowiedzi', '5 odpowiedzi', '21 odpowiedzi', '22 odpowiedzi'], 'Nowa dyskusja'],
    ['pt-BR', ['1 resposta', '3 respostas', '5 respostas', '21 respostas', '22 respostas'], 'Nova discussão'],
    ['zh-CN', ['1 条回复', '3 条回复', '5 条回复', '21 条回复', '22 条回复'], '发起讨论'],
  ])('%s: reply counts in its own plural forms', async (locale, expected, newDiscussion) => {
    await setLocale(locale);
    const Page = await loadPage('/discuss');
    signInForTest(['discuss.use'], '', { id: 'u-alice', name: 'Alice' });
    const threads = COUNTS.map((replyCount, index) => ({
      ...thread,
      id: index + 1,
      title: `Thread ${index + 1}`,
      unread: false,
      replyCount,
    }));
    createTestHost({ 'GET /api/discussions': { body: { threads, nextCursor: null, openDiscussions: 0 } } });
    renderPage(Page, '/discuss', '/discuss');
    for (const [index, text] of expected.entries()) {
      const row = (await screen.findByRole('link', { name: new RegExp(`Thread ${index + 1}$`) })).closest('tr');
      expect(row?.textContent, text).toContain(text);
    }
    expect(screen.getByRole('link', { name: new RegExp(newDiscussion) })).toBeTruthy();
  });
});
