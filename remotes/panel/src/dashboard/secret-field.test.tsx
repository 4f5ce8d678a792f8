import { createTestHost } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import '../test-support/catalogs';
import { SecretField } from './secret-field';

afterEach(cleanup);

const SETTINGS = {
  notice: { enabled: false, text: '', class: 'is-info' },
  domain: '',
  effectiveDomain: 'outpost.test',
  links: { stats: '', extendedStats: '', steamGroup: '', discord: '' },
  thresholds: { cpu: null, memory: null },
  environmentThresholds: { cpu: 0.9, memory: 0.1 },
  secrets: { steamApiKey: { set: false, source: 'none' }, sentryDsn: { set: false, source: 'none' } },
  signIn: { steam: { enabled: true, namesAndAvatars: false }, discord: { configured: false, enabled: false } },
  discussions: { postsPerMinute: 5, maxBodyChars: 20000 },
  reports: { reasons: ['Other'], groupWindowHours: 24, reportsPerWindow: 3 },
  trustInGameUnbans: false,
  warnings: { expiryDays: 30, ladder: [] },
  recentPlayersMinutes: 60,
};

it('clears a saved secret only after the confirm dialog, sending null', async () => {
  const api = createTestHost({ 'PUT /api/panel/settings': { body: SETTINGS } });
  const onSaved = vi.fn();
  render(
    <SecretField
      label="Steam Web API key"
      field="steamApiKey"
      status={{ set: true, source: 'settings' }}
      environmentName="STEAM_API_KEY"
      placeholder="32 letters and digits"
      onSaved={onSaved}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
  const dialog = await screen.findByRole('dialog', { name: 'Clear the Steam Web API key?' });
  expect(api.paths()).toEqual([]);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
  await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
  expect(api.paths()).toEqual(['PUT /api/panel/settings']);
  expect(await api.requests[0]?.json()).toEqual({ steamApiKey: null });
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it('offers no Clear for a secret set by the environment, and saves a new value', async () => {
  const api = createTestHost({ 'PUT /api/panel/settings': { body: SETTINGS } });
  render(
    <SecretField
      label="Sentry DSN"
      field="sentryDsn"
      status={{ set: true, source: 'environment' }}
      environmentName="SENTRY_DSN"
      placeholder="https://key@sentry.example.org/1"
      onSaved={() => {}}
    />,
  );
  expect(screen.getByText('set by SENTRY_DSN')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  expect(save.disabled).toBe(true);
  fireEvent.change(screen.getByLabelText(/Sentry DSN/), { target: { value: 'https://key@sentry.example.org/1' } });
  fireEvent.click(save);
  await vi.waitFor(() => expect(api.paths()).toEqual(['PUT /api/panel/settings']));
});

it('tests a typed Steam key before saving it, and the key in use when nothing is typed (issue 24)', async () => {
  const api = createTestHost({
    'POST /api/panel/settings/check-steam-key': (request) =>
      request.body && (request.body as { key?: string }).key
        ? { body: { result: 'invalid', message: 'Steam refused this key.' } }
        : { body: { result: 'ok', message: 'Steam accepted the key.' } },
  });
  render(
    <SecretField
      label="Steam Web API key"
      field="steamApiKey"
      status={{ set: true, source: 'environment' }}
      environmentName="STEAM_API_KEY"
      placeholder="32 letters and digits"
      onSaved={() => {}}
      test="steam-key"
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Test the key in use' }));
  expect((await screen.findByRole('status')).textContent).toBe('Works: Steam accepted the key.');
  fireEvent.change(screen.getByLabelText(/Steam Web API key/), { target: { value: ' TYPEDKEY ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Test this key' }));
  await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('Refused: Steam refused this key.'));
  expect(api.calls.map((call) => call.body)).toEqual([{}, { key: 'TYPEDKEY' }]);
  // Testing saves nothing.
  expect(api.paths().filter((path) => path.startsWith('PUT'))).toEqual([]);
});
