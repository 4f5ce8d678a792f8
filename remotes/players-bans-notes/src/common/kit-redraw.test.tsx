import { createTestHost, signInForTest as signIn } from '@outpost/host/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { AppealPageView } from '../appeals/appeal-view';
import { AppealsQueue } from '../appeals/appeals-queue';
import { BansView } from '../bans/bans-view';
import { NotesView } from '../notes/notes-view';
import { PlayersList } from '../players/players-list';
import { appealDetail, ban, FOX } from '../test-support/fixtures';

// Issue 22, in this remote: filters whose placeholder was their only label (cut off at 360 px),
// three date formats, three empty-state looks, and a Steam id and date that broke mid-number.

const EMPTY = { nextCursor: null };
function installApi() {
  return createTestHost({
    'GET /api/bans': () => ({ body: { bans: [], ...EMPTY } }),
    'GET /api/notes': () => ({ body: { notes: [], ...EMPTY } }),
    'GET /api/players': () => ({ body: { players: [], ...EMPTY } }),
    'GET /api/appeals': () => ({ body: { appeals: [], ...EMPTY } }),
    'GET /api/appeals/assignees': () => ({ body: { assignees: [] } }),
    'GET /api/appeals/7': () => {
      const { appeal } = appealDetail();
      const ban = appeal.ban && { ...appeal.ban, length: 86400, expiresAt: 1_700_086_400 };
      const can = { reply: false, comment: false, decide: false, close: false };
      return { body: appealDetail({ appeal: { ...appeal, statement: 'Not me', ban }, can }) };
    },
  });
}

function at(url: string, element: ReactNode, path = '*') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(cleanup);
beforeEach(() => signIn(['bans.*', 'notes.*', 'players.view', 'appeals.manage']));

describe.each([
  ['/bans', () => <BansView mode="public" />, 'Search bans', 'No bans found.'],
  ['/notes', () => <NotesView mode="public" />, 'Search notes', 'No notes found.'],
  ['/admin/appeals', () => <AppealsQueue />, 'Search appeals', 'No appeals here.'],
  ['/admin/players', () => <PlayersList />, 'Search players', 'No players found.'],
])('%s', (url, view, searchLabel, emptyText) => {
  it('labels its filters above them, in the kit toolbar that gives each the full row on a phone', async () => {
    installApi();
    at(url, view());
    const search = screen.getByRole('searchbox', { name: searchLabel });
    const label = document.querySelector(`label[for="${search.id}"]`) as HTMLElement;
    expect(label.classList.contains('visually-hidden')).toBe(false);
    expect(search.closest('.filter-field')).not.toBeNull();
    expect(search.closest('.toolbar')).not.toBeNull();
    for (const select of screen.queryAllByRole('combobox')) expect(select.closest('.filter-field')).not.toBeNull();
    const empty = (await screen.findByText(emptyText)).closest('.state-block');
    expect(empty?.classList.contains('is-empty')).toBe(true);
  });
});

it('shows ban dates as the one <time datetime> format', async () => {
  createTestHost({ 'GET /api/bans': () => ({ body: { bans: [ban()], nextCursor: null } }) });
  at('/bans', <BansView mode="public" />);
  const row = (await screen.findByText('cheating')).closest('tr') as HTMLElement;
  const times = row.querySelectorAll('time[datetime]');
  expect([...times].map((time) => time.getAttribute('datetime'))).toEqual([
    new Date(1_700_000_000_000).toISOString(),
    new Date(1_700_086_400_000).toISOString(),
  ]);
});

it("keeps the appeal's Steam id and dates whole: a description list, an unbreakable id, <time> dates", async () => {
  signIn([], '', { steamid: FOX });
  installApi();
  at('/bans/appeals/7', <AppealPageView />, '/bans/appeals/:id');
  await screen.findByRole('heading', { level: 1, name: 'Appeal #7: ban #3' });
  const list = document.querySelector('dl.description-list') as HTMLElement;
  const id = within(list).getByText(FOX);
  expect(id.classList.contains('nowrap')).toBe(true);
  const opened = within(list).getByText('Opened').nextElementSibling as HTMLElement;
  expect(opened.querySelector('time.date-time')?.getAttribute('datetime')).toBe(
    new Date(1_700_000_000_000).toISOString(),
  );
});
