import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import '../test-support/catalogs';
import { RoleDiscordField } from './role-discord-field';

// Role sync (issue 26 item 5) in the role editor: the role's Discord role, saved on its own.

afterEach(cleanup);

it('shows the role’s Discord role, refuses a malformed id without sending, saves and clears it', async () => {
  let links = [{ roleId: 'r-mods', discordRoleId: '600000000000000001' }];
  const testHost = createTestHost({
    'GET /api/panel/discord-bot/roles': () => ({ body: { links } }),
    'PUT /api/panel/discord-bot/roles/r-mods': (request) => {
      const id = (request.body as { discordRoleId: string | null }).discordRoleId;
      links = id ? [{ roleId: 'r-mods', discordRoleId: id }] : [];
      return { body: { links } };
    },
  });
  signInForTest(['panel.roles']);
  render(<RoleDiscordField roleId="r-mods" />);
  const input = (await screen.findByLabelText('Discord role id')) as HTMLInputElement;
  expect(input.value).toBe('600000000000000001');
  fireEvent.change(input, { target: { value: 'abc' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save Discord role' }));
  expect(await screen.findByText('A Discord id is 5 to 25 digits')).toBeTruthy();
  expect(testHost.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  fireEvent.change(input, { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save Discord role' }));
  await waitFor(() =>
    expect(testHost.notifications).toContainEqual({ level: 'success', message: 'Discord role cleared' }),
  );
  expect(testHost.calls.find((call) => call.method === 'PUT')?.body).toEqual({ discordRoleId: null });
});

it('is absent when the mappings cannot be read', async () => {
  const testHost = createTestHost({});
  signInForTest(['panel.roles']);
  render(<RoleDiscordField roleId="r-mods" />);
  await waitFor(() => expect(testHost.calls.some((call) => call.path === '/api/panel/discord-bot/roles')).toBe(true));
  expect(screen.queryByLabelText('Discord role id')).toBeNull();
});
