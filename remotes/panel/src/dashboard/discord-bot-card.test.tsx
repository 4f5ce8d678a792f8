import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import '../test-support/catalogs';
import { DiscordBotCard } from './discord-bot-card';

afterEach(() => {
  cleanup();
  signInForTest(null);
});

const EMPTY = {
  applicationId: null,
  publicKey: null,
  botTokenSet: false,
  interactionsUrl: 'https://outpost.test/api/discord/interactions',
  commandsRegisteredAt: null,
  staffChannelId: null,
  guildId: null,
};
const KEY = 'ab'.repeat(32);
const READY = { ...EMPTY, applicationId: '112233445566778899', publicKey: KEY, botTokenSet: true };

it('refuses a bad application id and public key beside their fields, then saves them (issue 26)', async () => {
  let current: Record<string, unknown> = EMPTY;
  const api = createTestHost({
    'GET /api/panel/discord-bot': () => ({ body: current }),
    'PUT /api/panel/discord-bot': (request) => {
      current = { ...current, ...(request.body as object) };
      return { body: current };
    },
  });
  render(<DiscordBotCard />);
  expect(await screen.findByRole('region', { name: 'Discord bot' })).toBeTruthy();
  expect(screen.getByText('not set')).toBeTruthy();
  expect(screen.getByText(/Commands last registered:/).textContent).toBe('Commands last registered: never');
  expect((screen.getByRole('button', { name: 'Register the commands' }) as HTMLButtonElement).disabled).toBe(true);
  expect((screen.getByLabelText('Interactions endpoint URL') as HTMLInputElement).value).toBe(
    'https://outpost.test/api/discord/interactions',
  );

  fireEvent.change(screen.getByLabelText('Application id'), { target: { value: 'abc' } });
  fireEvent.change(screen.getByLabelText('Public key'), { target: { value: 'xyz' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save application' }));
  expect(await screen.findByText('A Discord id is 5 to 25 digits')).toBeTruthy();
  expect(screen.getByText(/The public key is 64 hex digits/)).toBeTruthy();
  expect(api.paths().filter((path) => !path.startsWith('GET'))).toEqual([]);

  fireEvent.change(screen.getByLabelText('Application id'), { target: { value: ' 112233445566778899 ' } });
  fireEvent.change(screen.getByLabelText('Public key'), { target: { value: KEY } });
  fireEvent.change(screen.getByLabelText('Staff channel id'), { target: { value: '400000000000000001' } });
  fireEvent.change(screen.getByLabelText('Server (guild) id'), { target: { value: '500000000000000001' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save application' }));
  await vi.waitFor(() =>
    expect(api.notifications).toContainEqual({ level: 'success', message: 'Discord bot settings saved' }),
  );
  expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
    applicationId: '112233445566778899',
    publicKey: KEY,
    staffChannelId: '400000000000000001',
    guildId: '500000000000000001',
  });
});

it('saves the bot token write-only and clears it only after the confirm dialog', async () => {
  let current: Record<string, unknown> = { ...EMPTY, applicationId: '112233445566778899' };
  const api = createTestHost({
    'GET /api/panel/discord-bot': () => ({ body: current }),
    'PUT /api/panel/discord-bot': (request) => {
      const token = (request.body as { botToken: string | null }).botToken;
      current = { ...current, botTokenSet: token !== null };
      return { body: current };
    },
  });
  render(<DiscordBotCard />);
  const token = (await screen.findByLabelText(/Bot token/)) as HTMLInputElement;
  expect(token.type).toBe('password');
  expect(screen.queryByRole('button', { name: 'Clear token' })).toBeNull();
  fireEvent.change(token, { target: { value: 'short' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save token' }));
  expect(await screen.findByText('That is too short for a bot token')).toBeTruthy();
  fireEvent.change(screen.getByLabelText(/Bot token/), { target: { value: 'MTEy.secret-bot-token.value-123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save token' }));
  // Saved: the card reloads and says "set", never the token.
  expect(await screen.findByText('set')).toBeTruthy();
  expect((screen.getByLabelText(/Bot token/) as HTMLInputElement).value).toBe('');
  expect(screen.queryByDisplayValue('MTEy.secret-bot-token.value-123')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Clear token' }));
  const dialog = await screen.findByRole('dialog', { name: 'Clear the bot token?' });
  expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
  expect(await screen.findByText('not set')).toBeTruthy();
  expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
    { botToken: 'MTEy.secret-bot-token.value-123' },
    { botToken: null },
  ]);
});

it('registers the commands and shows what Discord lists, or why Discord refused', async () => {
  let refuse = true;
  let current: Record<string, unknown> = READY;
  createTestHost({
    'GET /api/panel/discord-bot': () => ({ body: current }),
    'POST /api/panel/discord-bot/commands': () => {
      if (refuse)
        return {
          status: 400,
          body: {
            error: 'DISCORD_REFUSED',
            message: 'Discord refused the bot token: copy it again from the Bot page of the application',
          },
        };
      current = { ...current, commandsRegisteredAt: 1_795_000_000 };
      return { body: { registered: ['lookup', 'servers'], registeredAt: 1_795_000_000 } };
    },
  });
  render(<DiscordBotCard />);
  fireEvent.click(await screen.findByRole('button', { name: 'Register the commands' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Discord refused the bot token: copy it again from the Bot page of the application',
  );
  refuse = false;
  fireEvent.click(screen.getByRole('button', { name: 'Register the commands' }));
  await vi.waitFor(() => expect(screen.getByText(/Commands last registered:/).querySelector('time')).not.toBeNull());
  expect(screen.getByRole('status').textContent).toBe('Discord now lists /lookup, /servers.');
  const time = screen.getByText(/Commands last registered:/).querySelector('time');
  expect(time?.getAttribute('datetime')).toBe(new Date(1_795_000_000 * 1000).toISOString());
});

it('resyncs every role with Discord for panel.roles, says why Discord-less settings cannot, and hides it from others', async () => {
  let current: Record<string, unknown> = { ...READY, guildId: null };
  const api = createTestHost({
    'GET /api/panel/discord-bot': () => ({ body: current }),
    'POST /api/panel/discord-bot/roles/resync': () => ({ body: { members: 3, changes: 1 } }),
  });
  signInForTest(['panel.settings']);
  const first = render(<DiscordBotCard />);
  await screen.findByRole('region', { name: 'Discord bot' });
  expect(screen.queryByRole('button', { name: 'Resync all roles' })).toBeNull();
  first.unmount();

  signInForTest(['panel.settings', 'panel.roles']);
  const second = render(<DiscordBotCard />);
  const button = (await screen.findByRole('button', { name: 'Resync all roles' })) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  expect(screen.getByText('Save the bot token and the server (guild) id first.')).toBeTruthy();
  second.unmount();

  current = { ...READY, guildId: '500000000000000001' };
  render(<DiscordBotCard />);
  fireEvent.click(await screen.findByRole('button', { name: 'Resync all roles' }));
  await vi.waitFor(() =>
    expect(api.notifications).toContainEqual({
      level: 'success',
      message: 'Discord roles resynced: 1 change queued for 3 accounts',
    }),
  );
  expect(api.paths()).toContain('POST /api/panel/discord-bot/roles/resync');
});

it('shows why the resync was refused', async () => {
  createTestHost({
    'GET /api/panel/discord-bot': () => ({ body: { ...READY, guildId: '500000000000000001' } }),
    'POST /api/panel/discord-bot/roles/resync': () => ({
      status: 409,
      body: {
        error: 'NOT_CONFIGURED',
        message: 'Role sync needs the bot token and the server (guild) id in the Discord bot settings first',
      },
    }),
  });
  signInForTest(['panel.settings', 'panel.roles']);
  render(<DiscordBotCard />);
  fireEvent.click(await screen.findByRole('button', { name: 'Resync all roles' }));
  expect((await screen.findByRole('alert')).textContent).toMatch(/Role sync needs the bot token/);
});
