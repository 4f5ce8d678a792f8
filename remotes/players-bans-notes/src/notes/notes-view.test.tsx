import { createTestHost, signInForTest as signIn } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it } from 'vitest';
import '../test-support/catalogs';
import { note } from '../test-support/fixtures';
import { NotesView } from './notes-view';

const NOTES = [
  note({ id: 2, body: 'Warned for **spam**. [proof](javascript:alert(1)) [rules](https://example.org/rules)' }),
  note({ id: 1, body: 'Suspected alt account', isPublic: false }),
];

function installNotesApi() {
  return createTestHost({
    'GET /api/notes': () => ({ body: { notes: NOTES, nextCursor: null } }),
    'POST /api/notes': ({ body }) => ({ status: 201, body: note({ id: 3, ...(body as object) }) }),
    'DELETE /api/notes/:id': () => new Response(null, { status: 204 }),
  });
}

function renderView(mode: 'staff' | 'public') {
  render(
    <MemoryRouter initialEntries={[mode === 'staff' ? '/admin/notes' : '/notes']}>
      <NotesView mode={mode} />
    </MemoryRouter>,
  );
}

afterEach(cleanup);
beforeEach(() => signIn(null));

it('the public page asks for public notes only and never shows a staff-only one, even to staff', async () => {
  const api = installNotesApi();
  signIn(['notes.*']);
  renderView('public');
  // The markdown renderer loads on first use: under load that can take a while.
  await screen.findByText('spam', {}, { timeout: 10_000 });
  expect(api.calls[0]?.query.get('visibility')).toBe('public');
  expect(screen.queryByText('Suspected alt account')).toBeNull();
  expect(screen.queryByText('Staff-only')).toBeNull();
  expect(screen.queryByRole('button', { name: 'New note' })).toBeNull();
});

it('renders notes as sanitised markdown: unsafe links dropped, safe ones kept', async () => {
  installNotesApi();
  renderView('public');
  const card = await screen.findByRole('listitem', { name: 'Note 2' });
  expect((await within(card).findByText('spam', {}, { timeout: 10_000 })).tagName).toBe('STRONG');
  expect(within(card).queryByRole('link', { name: 'proof' })).toBeNull();
  expect(card.textContent).toContain('proof');
  expect(within(card).getByRole('link', { name: 'rules' }).getAttribute('href')).toBe('https://example.org/rules');
  expect(card.querySelector('[href^="javascript"]')).toBeNull();
});

it('staff see visibility tags, write a staff-only note and delete one after confirming', async () => {
  const api = installNotesApi();
  signIn(['notes.*']);
  renderView('staff');
  await screen.findByText('Suspected alt account');
  expect(api.calls[0]?.query.get('visibility')).toBeNull();
  expect(within(screen.getByRole('listitem', { name: 'Note 1' })).getByText('Staff-only')).toBeTruthy();
  expect(within(screen.getByRole('listitem', { name: 'Note 2' })).getByText('Public')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'New note' }));
  const dialog = screen.getByRole('dialog', { name: 'New note' });
  fireEvent.change(within(dialog).getByLabelText('Player SteamID'), { target: { value: 'STEAM_0:1:5' } });
  fireEvent.change(within(dialog).getByLabelText('Note (markdown)'), { target: { value: 'Keep an eye on him' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
    steamid: 'STEAM_0:1:5',
    body: 'Keep an eye on him',
    isPublic: false,
  });

  const card = screen.getByRole('listitem', { name: 'Note 1' });
  fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
  fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
  fireEvent.click(
    within(screen.getByRole('dialog', { name: 'Delete this note?' })).getByRole('button', { name: 'Delete note' }),
  );
  await waitFor(() =>
    expect(api.calls.some((call) => call.method === 'DELETE' && call.path === '/api/notes/1')).toBe(true),
  );
});
