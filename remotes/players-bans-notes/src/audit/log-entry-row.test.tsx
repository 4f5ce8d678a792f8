import type { LogEntry } from '@outpost/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import '../test-support/catalogs';
import { LogTable } from './log-entry-row';

afterEach(cleanup);

const base: LogEntry = {
  id: 42,
  timestamp: 1_700_000_000,
  client: '76561197960287930',
  clientName: 'Rabbit',
  target: '76561197960265739',
  targetName: null,
  type: 'ACTION',
  message: 'triggered "sm_chat" (text "watch Fox")',
  serverId: 'coop-1',
  redacted: false,
  hasStats: true,
};

function renderRow(entry: LogEntry) {
  render(
    <MemoryRouter initialEntries={['/admin/audit?type=CHAT']}>
      <LogTable entries={[entry]} />
    </MemoryRouter>,
  );
  // The first row is the head.
  return screen.getAllByRole('row')[1] as HTMLElement;
}

it('shows admin say as admin chat, names linking to manage-user with returnTo, and a stats link', () => {
  const row = renderRow(base);
  expect(within(row).getByText('Message was sent in admin chat')).toBeTruthy();
  expect(within(row).getByText('watch Fox')).toBeTruthy();
  expect(row.textContent).not.toContain('sm_chat');
  const returnTo = encodeURIComponent('/admin/audit?type=CHAT');
  expect(within(row).getByRole('link', { name: 'Rabbit' }).getAttribute('href')).toBe(
    `/admin/players/76561197960287930?returnTo=${returnTo}`,
  );
  // The target has no name: its id is shown instead, still a link.
  expect(within(row).getByRole('link', { name: '76561197960265739' })).toBeTruthy();
  expect(within(row).getByRole('link', { name: 'Stats' }).getAttribute('href')).toBe(
    `/admin/players/76561197960287930/overview/stats?returnTo=${returnTo}`,
  );
  expect(
    within(row)
      .getByRole('link', { name: /\d{4}-\d{2}-\d{2} at/ })
      .getAttribute('href'),
  ).toBe('/admin/audit/42');
});

it('shows CHAT as tagged text and a redacted entry as such, without stats when not flagged', () => {
  const chat = renderRow({ ...base, type: 'CHAT', message: 'hello all', hasStats: false });
  expect(within(chat).getByText('CHAT')).toBeTruthy();
  expect(within(chat).getByText('hello all')).toBeTruthy();
  expect(within(chat).queryByRole('link', { name: 'Stats' })).toBeNull();
  cleanup();
  const redacted = renderRow({ ...base, message: '[redacted]', redacted: true });
  expect(within(redacted).getByText('[redacted]').tagName).toBe('EM');
  expect(redacted.className).toContain('is-redacted');
});

it('names the real admin beside the account acted as, for a line written while impersonating', () => {
  const row = renderRow({
    ...base,
    client: 'u_member',
    clientName: 'Member',
    clientRealId: 'u_admin',
    clientRealName: 'Real Admin',
    message: 'banned Fox for 1 hour(s)',
    hasStats: false,
  });
  expect(row.textContent).toContain('Real Admin (as Member)');
  // The acted-as account keeps its manage-user link.
  expect(within(row).getByRole('link', { name: 'Member' })).toBeTruthy();
});
