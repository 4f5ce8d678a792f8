import { createTestHost } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import '../test-support/catalogs';
import { listedGroup, listedServer, logEntry } from '../test-support/fixtures';
import { Where } from '../test-support/where';
import { AuditView } from './audit-view';

function installLogsApi() {
  return createTestHost({
    'GET /api/servers': () => ({
      body: [listedGroup('coop', 'Coop Servers', 'l4d2', [listedServer('coop-1', 'Coop #1', 'coop1.example.org')])],
    }),
    'GET /api/logs': ({ query }) => {
      const cursor = query.get('cursor');
      if (cursor === 'older-1')
        return { body: { entries: [logEntry(7), logEntry(6)], olderCursor: null, newerCursor: 'x' } };
      if (cursor === 'newer-1')
        return { body: { entries: [logEntry(12), logEntry(11)], olderCursor: 'x', newerCursor: null } };
      return {
        body: {
          entries: [logEntry(10), logEntry(9, { type: 'CHAT', message: 'hello' }), logEntry(8)],
          olderCursor: 'older-1',
          newerCursor: query.get('aroundId') ? 'newer-1' : null,
        },
      };
    },
  });
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin/audit/:aroundId?" element={<AuditView />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const logCalls = (api: ReturnType<typeof installLogsApi>) => api.calls.filter((call) => call.path === '/api/logs');
const ids = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => /\blog-entry-(\d+)\b/.exec(row.className)?.[1] ?? null);

afterEach(cleanup);

it('loads around an entry, highlights it and grows the window both ways', async () => {
  const api = installLogsApi();
  renderAt('/admin/audit/9?type=CHAT');
  await screen.findByText('hello');
  expect(logCalls(api)[0]?.query.get('aroundId')).toBe('9');
  expect(logCalls(api)[0]?.query.get('type')).toBe('CHAT');
  expect(screen.getByText('hello').closest('tr')?.className).toContain('is-highlighted');
  fireEvent.click(screen.getByRole('button', { name: 'Load older' }));
  await screen.findByText('action 6');
  expect(logCalls(api).at(-1)?.query.get('cursor')).toBe('older-1');
  expect(logCalls(api).at(-1)?.query.get('type')).toBe('CHAT');
  expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Load newer' }));
  await screen.findByText('action 12');
  expect(ids()).toEqual(['12', '11', '10', '9', '8', '7', '6']);
  expect(screen.queryByRole('button', { name: 'Load newer' })).toBeNull();
});

it('jumps to an entry and applies filters (player in any id form, type) to the query', async () => {
  const api = installLogsApi();
  renderAt('/admin/audit');
  await screen.findByText('hello');
  expect(logCalls(api)[0]?.query.get('aroundId')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Load newer' })).toBeNull();

  const filters = screen.getByRole('form', { name: 'Log filters' });
  fireEvent.change(within(filters).getByLabelText('Player'), { target: { value: 'not an id' } });
  expect((within(filters).getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.change(within(filters).getByLabelText('Player'), { target: { value: 'STEAM_0:1:5' } });
  fireEvent.change(within(filters).getByLabelText('Type'), { target: { value: 'ACTION' } });
  await within(filters).findByRole('option', { name: 'Coop #1' });
  fireEvent.change(within(filters).getByLabelText('Server'), { target: { value: 'coop-1' } });
  fireEvent.submit(filters);
  await waitFor(() => expect(logCalls(api).at(-1)?.query.get('player')).toBe('STEAM_0:1:5'));
  expect(logCalls(api).at(-1)?.query.get('type')).toBe('ACTION');
  expect(logCalls(api).at(-1)?.query.get('serverId')).toBe('coop-1');

  const jump = screen.getByRole('form', { name: 'Jump to entry' });
  fireEvent.change(within(jump).getByLabelText('Entry #'), { target: { value: '9' } });
  fireEvent.submit(jump);
  await waitFor(() => expect(logCalls(api).at(-1)?.query.get('aroundId')).toBe('9'));
  expect(screen.getByLabelText('location').textContent).toBe(
    '/admin/audit/9?player=STEAM_0%3A1%3A5&serverId=coop-1&type=ACTION',
  );
});
