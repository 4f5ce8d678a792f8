import { createTestHost, signInForTest as signIn } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { BansView } from '../bans/bans-view';
import { ban, appealDetail as detail, FOX } from '../test-support/fixtures';
import { AppealPageView } from './appeal-view';
import { AppealsQueue } from './appeals-queue';

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/bans/appeals/7']}>
      <Routes>
        <Route path="/bans/appeals/:id" element={<AppealPageView />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('the appeal page', () => {
  it('the player replies and may close it; no staff controls', async () => {
    signIn([], '', { steamid: FOX });
    const api = createTestHost({
      'GET /api/appeals/7': { body: detail() },
      'POST /api/appeals/7/messages': ({ body }) => ({
        status: 201,
        body: detail({
          messages: [
            {
              id: 1,
              by: 'player',
              authorName: 'Fox',
              body: (body as { body: string }).body,
              internal: false,
              createdAt: 1,
            },
          ],
        }),
      }),
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Appeal #7: ban #3' });
    expect(screen.getByRole('button', { name: 'Close appeal' })).toBeTruthy();
    expect(screen.queryByText('Decide')).toBeNull();
    expect(screen.queryByLabelText(/Internal comment/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Your reply'), { target: { value: 'Round 3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ body: 'Round 3', internal: false });
  });

  it('a blank reply is refused in the browser, with nothing sent', async () => {
    signIn([], '', { steamid: FOX });
    const api = createTestHost({ 'GET /api/appeals/7': { body: detail() } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Write something first')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('staff see internal comments marked, and without bans.unban may only deny', async () => {
    signIn(['appeals.manage']);
    const api = createTestHost({
      'GET /api/appeals/7': {
        body: detail({
          view: 'staff',
          can: { reply: true, comment: true, decide: true, close: false },
          messages: [{ id: 1, by: 'staff', authorName: 'Owl', body: 'checking', internal: true, createdAt: 1 }],
        }),
      },
      'GET /api/appeals/assignees': { body: { assignees: [{ id: 'u9', name: 'Owl', steamid: null }] } },
      'POST /api/appeals/7/decision': { body: detail({ view: 'staff' }) },
    });
    renderPage();
    const internal = await screen.findByRole('article', { name: 'Internal comment' });
    expect(within(internal).getByText('Staff only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close appeal' })).toBeNull();
    expect(screen.queryByLabelText('Accept and lift the ban')).toBeNull();
    fireEvent.change(screen.getByLabelText('Reason (the player reads it)'), { target: { value: 'No' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deny appeal' }));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/appeals/7/decision')).toBe(true));
    expect(api.calls.find((call) => call.path === '/api/appeals/7/decision')?.body).toEqual({
      outcome: 'denied',
      reason: 'No',
    });
  });
});

describe('appealing from /bans', () => {
  it('offers Appeal only on the signed-in player’s own bans in force, and links an open appeal', async () => {
    signIn([], '', { steamid: FOX });
    createTestHost({
      'GET /api/bans': {
        body: {
          bans: [
            ban({ id: 5, playerName: 'Alpha' }),
            ban({ id: 4, playerName: 'Bravo', appealed: true }),
            ban({ id: 3, playerName: 'Charlie', status: 'expired' }),
            ban({ id: 2, playerName: 'Owl', steamid: '76561197960265740' }),
          ],
          nextCursor: null,
        },
      },
      'GET /api/appeals/mine': {
        body: { appeals: [{ ...detail().appeal, id: 8, banId: 4 }], nextCursor: null },
      },
    });
    render(
      <MemoryRouter initialEntries={['/bans']}>
        <BansView mode="public" />
      </MemoryRouter>,
    );
    const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name} `) });
    await screen.findByRole('link', { name: 'View appeal' });
    expect(within(row('Alpha')).getByRole('button', { name: 'Appeal' })).toBeTruthy();
    expect(within(row('Bravo')).getByRole('link', { name: 'View appeal' }).getAttribute('href')).toBe(
      '/bans/appeals/8',
    );
    expect(within(row('Bravo')).getByText('appealed')).toBeTruthy();
    expect(within(row('Charlie')).queryByRole('button', { name: 'Appeal' })).toBeNull();
    expect(within(row('Owl')).queryByRole('button', { name: 'Appeal' })).toBeNull();
    fireEvent.click(within(row('Alpha')).getByRole('button', { name: 'Appeal' }));
    expect(await screen.findByRole('dialog', { name: 'Appeal ban #5' })).toBeTruthy();
  });
});

describe('the staff queue', () => {
  it('filters by state, mine, unassigned and one staff member, oldest first as the API orders', async () => {
    signIn(['appeals.manage']);
    const api = createTestHost({
      'GET /api/appeals': { body: { appeals: [detail().appeal], nextCursor: null } },
      'GET /api/appeals/assignees': { body: { assignees: [{ id: 'u9', name: 'Owl', steamid: null }] } },
    });
    render(
      <MemoryRouter initialEntries={['/admin/appeals']}>
        <AppealsQueue />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: '#7' })).toBeTruthy();
    const queries = () => api.calls.filter((call) => call.path === '/api/appeals').map((call) => call.query.toString());
    expect(queries().at(-1)).toBe('state=open&limit=50');
    await screen.findByRole('option', { name: 'Assigned to Owl' });
    fireEvent.change(screen.getByLabelText('Assigned to'), { target: { value: 'user:u9' } });
    await waitFor(() => expect(queries().at(-1)).toBe('state=open&assignee=u9&limit=50'));
    fireEvent.change(screen.getByLabelText('Assigned to'), { target: { value: 'unassigned' } });
    await waitFor(() => expect(queries().at(-1)).toBe('state=open&unassigned=1&limit=50'));
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'denied' } });
    await waitFor(() => expect(queries().at(-1)).toBe('state=denied&unassigned=1&limit=50'));
  });
});
