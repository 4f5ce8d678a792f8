import { setLocale, useMetaStore } from '@outpost/host';
import { createTestHost } from '@outpost/host/testing';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import DiscordDemoChannel, { discordDemoCatalogs } from './discord-demo-channel';

// The demo's Discord channel (issue 26 item 6): a typed command goes to POST /api/demo/discord
// and its answer is drawn as Discord draws it (bold, code, timestamps, "Only you can see this").

// As the page does (pages/discord-demo-page.tsx): the channel draws once its words are in.
await discordDemoCatalogs.ready();

afterEach(async () => {
  cleanup();
  useMetaStore.setState({ meta: null } as never);
  await act(() => setLocale('en'));
});

const inDemo = () => useMetaStore.setState({ meta: { demo: true } as never });

it('sends the typed command and draws the answer as Discord would, only-you-can-see-this included', async () => {
  inDemo();
  const api = createTestHost({
    'POST /api/demo/discord': () => ({
      body: {
        content: '**Ellis** — `STEAM_1:0:11101`\nLast seen <t:1700000000:f> \\*not bold\\*',
        ephemeral: true,
        deferred: true,
      },
    }),
  });
  render(<DiscordDemoChannel />);
  fireEvent.change(screen.getByLabelText('Message #staff-room'), { target: { value: '/lookup Ellis' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  const log = screen.getByRole('list', { name: 'Messages' });
  expect(await within(log).findByText('Only you can see this', { exact: false })).toBeTruthy();
  expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ command: '/lookup Ellis' });
  expect(within(log).getByText('Ellis', { selector: 'strong' })).toBeTruthy();
  expect(within(log).getByText('STEAM_1:0:11101', { selector: 'code' })).toBeTruthy();
  expect(log.querySelector('time')?.getAttribute('datetime')).toBe('2023-11-14T22:13:20.000Z');
  expect(log.textContent).toContain('*not bold*');
  expect(log.textContent).toContain('answered after "Outpost is thinking…"');
  expect((screen.getByLabelText('Message #staff-room') as HTMLInputElement).value).toBe('');
});

it('refuses text that is not a slash command beside the field, sending nothing; says the API’s refusal', async () => {
  inDemo();
  const api = createTestHost({
    'POST /api/demo/discord': () => ({
      status: 401,
      body: { error: 'UNAUTHORIZED', message: 'You need to be logged in to do this' },
    }),
  });
  render(<DiscordDemoChannel />);
  fireEvent.change(screen.getByLabelText('Message #staff-room'), { target: { value: 'hello' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText(/Type a slash command/)).toBeTruthy();
  expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: '/servers' }));
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect((await screen.findByRole('alert')).textContent).toBe('You need to be logged in to do this');
});

it('outside the demo it only says the page belongs to the demo', () => {
  createTestHost({});
  render(<DiscordDemoChannel />);
  expect(screen.getByText(/This page belongs to the demo/)).toBeTruthy();
  expect(screen.queryByLabelText('Message #staff-room')).toBeNull();
});

// Issue 27: the channel's own words in the reader's language; the commands and the bot's answers
// are Discord's and the API's, as they are.
it('draws the channel in German and in Russian', async () => {
  inDemo();
  createTestHost({
    'POST /api/demo/discord': () => ({ body: { content: 'Pong', ephemeral: false, deferred: false } }),
  });
  await act(() => setLocale('de'));
  render(<DiscordDemoChannel />);
  expect(screen.getByText('Noch keine Nachrichten: Probier eins der Beispiele unten.')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Nachricht an #staff-room'), { target: { value: '/servers' } });
  fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
  const log = screen.getByRole('list', { name: 'Nachrichten' });
  expect(await within(log).findByText('Alle im Kanal sehen das')).toBeTruthy();
  expect(log.textContent).toContain('Demo Moderator hat /servers benutzt');
  cleanup();

  await act(() => setLocale('ru'));
  render(<DiscordDemoChannel />);
  fireEvent.change(screen.getByLabelText('Написать в #staff-room'), { target: { value: 'hello' } });
  fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
  expect(await screen.findByText('Введите слэш-команду: / и её название, например /lookup Ellis')).toBeTruthy();
  expect(screen.getByText('Примеры:')).toBeTruthy();
  expect(screen.queryByText(/shell\.discord-demo\./)).toBeNull();
});
