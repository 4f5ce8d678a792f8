import type { Warning } from '@outpost/contracts';
import { createTestHost, signInForTest as signIn } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import '../test-support/catalogs';
import { FOX, listedGroup, listedServer, player } from '../test-support/fixtures';
import { PlayerWarningsTab } from './player-warnings-tab';

afterEach(cleanup);

function warning(over: Partial<Warning> = {}): Warning {
  return {
    id: 1,
    steamid: FOX,
    playerName: 'Fox',
    reason: 'Spawn camping',
    authorId: 'u1',
    authorName: 'Warden',
    serverId: null,
    createdAt: 1_760_000_000,
    expiresAt: 1_762_592_000,
    liftedAt: null,
    liftedByName: null,
    status: 'active',
    escalatedBanId: null,
    ...over,
  };
}

function installApi() {
  let warnings: Warning[] = [warning(), warning({ id: 2, reason: 'Old', status: 'expired' })];
  return createTestHost({
    'GET /api/warnings': () => ({
      body: { warnings, activeCount: warnings.filter((w) => w.status === 'active').length },
    }),
    'POST /api/warnings': ({ body }) => {
      const created = warning({ id: 3, reason: (body as { reason: string }).reason, escalatedBanId: 9 });
      warnings = [created, ...warnings];
      return { status: 201, body: { warning: created, banId: 9 } };
    },
    'POST /api/warnings/:id/lift': ({ params }) => {
      warnings = warnings.map((w) => (String(w.id) === params.id ? { ...w, status: 'lifted' as const } : w));
      return { body: warnings.find((w) => String(w.id) === params.id) };
    },
  });
}

it('a player reads their warnings with no staff actions', async () => {
  installApi();
  signIn([]);
  render(<PlayerWarningsTab player={player()} onChanged={() => {}} />);
  const active = await screen.findByRole('listitem', { name: 'Warning 1' });
  expect(within(active).getByText('Spawn camping')).toBeTruthy();
  expect(within(active).getByText('Active')).toBeTruthy();
  expect(within(screen.getByRole('listitem', { name: 'Warning 2' })).getByText('Expired')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Warn player' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Lift' })).toBeNull();
});

it('staff warn (the ladder’s ban is named) and lift a warning', async () => {
  const api = installApi();
  signIn(['warnings.create', 'warnings.lift']);
  render(<PlayerWarningsTab player={player()} onChanged={() => {}} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Warn player' }));
  fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'Mic spam' } });
  fireEvent.click(screen.getByRole('button', { name: 'Warn' }));
  const created = await screen.findByRole('listitem', { name: 'Warning 3' });
  expect(within(created).getByText('Ban #9')).toBeTruthy();
  expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ steamid: FOX, reason: 'Mic spam' });
  fireEvent.click(within(screen.getByRole('listitem', { name: 'Warning 1' })).getByRole('button', { name: 'Lift' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Lift warning' }));
  await waitFor(() =>
    expect(within(screen.getByRole('listitem', { name: 'Warning 1' })).getByText('Lifted')).toBeTruthy(),
  );
});

it('staff may say which server the warning is about (the ladder’s per-server steps); none by default', async () => {
  const api = createTestHost({
    'GET /api/warnings': () => ({ body: { warnings: [], activeCount: 0 } }),
    'GET /api/servers': () => ({
      body: [listedGroup('g1', 'Versus', 'l4d2', [listedServer('s1', 'Versus #1')])],
    }),
    'POST /api/warnings': () => ({ status: 201, body: { warning: warning({ id: 5, serverId: 's1' }), banId: null } }),
  });
  signIn(['warnings.create']);
  render(<PlayerWarningsTab player={player()} onChanged={() => {}} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Warn player' }));
  const select = (await screen.findByLabelText(/Server \(optional\)/)) as HTMLSelectElement;
  expect(select.value).toBe('');
  expect([...select.options].map((option) => option.textContent)).toEqual(['None', 'Versus #1']);
  fireEvent.change(select, { target: { value: 's1' } });
  fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'Mic spam' } });
  fireEvent.click(screen.getByRole('button', { name: 'Warn' }));
  await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
  expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
    steamid: FOX,
    reason: 'Mic spam',
    serverId: 's1',
  });
});
