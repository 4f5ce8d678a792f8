import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import SetupGuidePage, { setupSteps } from './setup-guide-page';

afterEach(cleanup);

const settings = {
  notice: { enabled: false, text: '', class: 'is-info' },
  domain: '',
  effectiveDomain: 'outpost.test',
  links: { stats: '', extendedStats: '', steamGroup: '', discord: '' },
  thresholds: { cpu: null, memory: null },
  environmentThresholds: { cpu: 0.9, memory: 0.1 },
  secrets: { steamApiKey: { set: true, source: 'settings' }, sentryDsn: { set: false, source: 'none' } },
  signIn: { steam: { enabled: true, namesAndAvatars: true }, discord: { configured: false, enabled: false } },
  discussions: { postsPerMinute: 5, maxBodyChars: 20000 },
  reports: { reasons: ['Other'], groupWindowHours: 24, reportsPerWindow: 3 },
  trustInGameUnbans: false,
  warnings: { expiryDays: 30, ladder: [] },
  recentPlayersMinutes: 60,
};

describe('/panel/setup-guide (issue 24 item 2)', () => {
  it('lists every step in order with its state and where it is done', async () => {
    createTestHost({ 'GET /api/panel/settings': { body: settings }, 'GET /api/servers': { body: [] } });
    signInForTest(['panel.settings']);
    render(
      <MemoryRouter>
        <SetupGuidePage />
      </MemoryRouter>,
    );
    const steps = await screen.findAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Site name and domain to do',
      'Steam Web API key done',
      'Discord application optional',
      'First server group and server to do',
      'Game-server plugin token optional',
      'Move in from another panel optional',
    ]);
    expect(
      within(steps[3] as HTMLElement)
        .getByRole('link', { name: 'Add a server' })
        .getAttribute('href'),
    ).toBe('/admin/create-server');
    expect(steps[5]?.textContent).toContain('pnpm outpost import sourcebans');
    for (const peer of ['simpleadmin', 'amxbans', 'csv'])
      expect(steps[5]?.textContent).toContain(`pnpm outpost import ${peer}`);
  });

  it('tests the Steam key in use from its step; no Discord test while Discord is not configured', async () => {
    const api = createTestHost({
      'GET /api/panel/settings': { body: settings },
      'GET /api/servers': { body: [] },
      'POST /api/panel/settings/check-steam-key': {
        body: { result: 'unreachable', message: 'The Steam Web API could not be reached from this server.' },
      },
    });
    signInForTest(['panel.settings']);
    render(
      <MemoryRouter>
        <SetupGuidePage />
      </MemoryRouter>,
    );
    const steps = await screen.findAllByRole('listitem');
    expect(within(steps[2] as HTMLElement).queryByRole('button')).toBeNull();
    within(steps[1] as HTMLElement)
      .getByRole('button', { name: 'Test the key' })
      .click();
    expect((await within(steps[1] as HTMLElement).findByRole('status')).textContent).toBe(
      'Not checked: The Steam Web API could not be reached from this server.',
    );
    expect(api.paths()).toContain('POST /api/panel/settings/check-steam-key');
  });

  it('marks the servers step done once a group has a server, whatever the settings answer', () => {
    const steps = setupSteps(null, [{ servers: [] }, { servers: [{}, {}] }]);
    expect(steps.find((step) => step.title === 'First server group and server')?.state).toBe('done');
    expect(steps[0]?.state).toBe('todo');
  });
});
