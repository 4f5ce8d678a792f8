import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { DASHBOARD_SECTIONS } from '../manifest';
import { DASHBOARD_TABS, DashboardView } from './dashboard-view';
import { formatUptime } from './health-tab';
import { pluginConfigSnippet } from './plugin-token';

afterEach(cleanup);

const settings = {
  notice: { enabled: false, text: 'Old notice', class: 'is-info' },
  domain: '',
  effectiveDomain: 'outpost.test',
  links: { stats: '', extendedStats: '', steamGroup: '', discord: '' },
  thresholds: { cpu: null, memory: null },
  environmentThresholds: { cpu: 0.9, memory: 0.1 },
  secrets: {
    steamApiKey: { set: true, source: 'environment' },
    sentryDsn: { set: false, source: 'none' },
  },
  signIn: { steam: { enabled: true, namesAndAvatars: true }, discord: { configured: false, enabled: false } },
  discussions: { postsPerMinute: 5, maxBodyChars: 20000 },
  reports: { reasons: ['Cheating', 'Griefing', 'Other'], groupWindowHours: 24, reportsPerWindow: 3 },
  trustInGameUnbans: false,
  warnings: { expiryDays: 30, ladder: [] },
  recentPlayersMinutes: 60,
};

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <DashboardView />
    </MemoryRouter>,
  );
}

describe('the panel dashboard', () => {
  it('shows only the sections the user holds the permission for', () => {
    createTestHost({ 'GET /api/panel/health': { status: 500, body: { error: 'X', message: 'down' } } });
    signInForTest(['panel.view']);
    renderAt('/panel/dashboard');
    // One section held: it opens, with no strip of one link over it.
    expect(screen.queryByRole('navigation', { name: 'Panel sections' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Health' })).toBeTruthy();
    cleanup();
    signInForTest([], 'z');
    createTestHost({ 'GET /api/panel/settings': { body: settings } });
    renderAt('/panel/dashboard');
    const strip = screen.getByRole('navigation', { name: 'Panel sections' });
    // Every panel page, the dashboard's sections and the pages of their own alike.
    expect(
      within(strip)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Site settings', '/panel/settings'],
      ['Roles', '/panel/roles'],
      ['Game servers', '/panel/game-servers'],
      ['Announcements', '/panel/announcements'],
      ['Alerts', '/panel/alerts'],
      ['Health', '/panel/health'],
      ['Imports', '/panel/imports'],
      ['Remotes', '/panel/remotes'],
      ['Webhooks', '/panel/webhooks'],
      ['Federation', '/panel/federation'],
    ]);
    // /panel/dashboard opens the first section held, marked as the page open.
    expect(within(strip).getByRole('link', { current: 'page' }).textContent).toBe('Site settings');
  });

  it('opens the section its path names (each is a route of its own, linked from the Panel menu)', async () => {
    createTestHost({ 'GET /api/panel/roles': { body: { roles: [] } } });
    signInForTest([], 'z');
    renderAt('/panel/roles');
    expect(screen.getByRole('link', { current: 'page' }).textContent).toBe('Roles');
    expect(await screen.findByText(/No roles yet/)).toBeTruthy();
    expect(DASHBOARD_SECTIONS.map(({ id, title, code }) => [id, title, code])).toEqual(
      DASHBOARD_TABS.map(({ id, label, code }) => [id, label, code]),
    );
  });

  it('says so when the user holds no panel permission', () => {
    createTestHost();
    signInForTest(['bans.create']);
    renderAt('/panel/dashboard');
    expect(screen.getByText(/You have no panel permissions/)).toBeTruthy();
  });

  it('previews the notice live, refuses a bad link beside its field, and saves the rest', async () => {
    const testHost = createTestHost({
      'GET /api/panel/settings': { body: settings },
      'PUT /api/panel/settings': (request) => ({
        body: { ...settings, notice: (request.body as { notice: unknown }).notice },
      }),
    });
    signInForTest(['panel.settings']);
    renderAt('/panel/dashboard');
    const text = await screen.findByLabelText('Notice text (Markdown)');
    fireEvent.change(text, { target: { value: '**Big** news' } });
    const preview = screen.getByTestId('notice-preview');
    expect(await within(preview).findByText('Big')).toBeTruthy();
    // Secrets are only said to be set, never shown.
    expect(screen.getByText('set by STEAM_API_KEY')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Discord invite'), { target: { value: 'discord.gg/abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Must be an http(s) URL or empty')).toBeTruthy();
    expect(testHost.paths().filter((path) => !path.startsWith('GET'))).toEqual([]);
    fireEvent.change(screen.getByLabelText('Discord invite'), { target: { value: 'https://discord.gg/abc' } });
    fireEvent.click(screen.getByLabelText('Show the notice on the overview'));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(testHost.notifications).toContainEqual({
        level: 'success',
        message: 'Site settings saved: everyone sees them now',
      }),
    );
    const put = testHost.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      notice: { enabled: true, text: '**Big** news', class: 'is-info' },
      links: { discord: 'https://discord.gg/abc' },
      thresholds: { cpu: null, memory: null },
    });
    expect(put?.body).not.toHaveProperty('discordSignIn');
  });

  it('changes the discussions’ rate limit and longest post, refusing bad numbers beside their fields', async () => {
    const testHost = createTestHost({
      'GET /api/panel/settings': { body: settings },
      'PUT /api/panel/settings': (request) => ({
        body: { ...settings, discussions: (request.body as { discussions: unknown }).discussions },
      }),
    });
    signInForTest(['panel.settings']);
    renderAt('/panel/dashboard');
    const rate = (await screen.findByLabelText('Posts per minute, per user')) as HTMLInputElement;
    expect(rate.value).toBe('5');
    const longest = screen.getByLabelText('Longest post (characters)') as HTMLInputElement;
    expect(longest.value).toBe('20000');
    fireEvent.change(rate, { target: { value: '0' } });
    fireEvent.change(longest, { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a number')).toBeTruthy();
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    expect(testHost.paths().filter((path) => !path.startsWith('GET'))).toEqual([]);
    fireEvent.change(rate, { target: { value: '3' } });
    fireEvent.change(longest, { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(testHost.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(testHost.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      discussions: { postsPerMinute: 3, maxBodyChars: 5000 },
    });
  });

  it('changes the report reasons, window and limit, refusing an empty list beside its field', async () => {
    const testHost = createTestHost({
      'GET /api/panel/settings': { body: settings },
      'PUT /api/panel/settings': (request) => ({
        body: { ...settings, reports: (request.body as { reports: unknown }).reports },
      }),
    });
    signInForTest(['panel.settings']);
    renderAt('/panel/dashboard');
    const reasons = (await screen.findByLabelText('Report reasons')) as HTMLTextAreaElement;
    expect(reasons.value).toBe('Cheating\nGriefing\nOther');
    fireEvent.change(reasons, { target: { value: ' \n ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Keep at least one reason')).toBeTruthy();
    expect(testHost.paths().filter((path) => !path.startsWith('GET'))).toEqual([]);
    fireEvent.change(reasons, { target: { value: 'Cheating\n\n Spam \nOther' } });
    fireEvent.change(screen.getByLabelText('Grouping window (hours)'), { target: { value: '48' } });
    fireEvent.change(screen.getByLabelText('Reports per 10 minutes, per reporter'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(testHost.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(testHost.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      reports: { reasons: ['Cheating', 'Spam', 'Other'], groupWindowHours: 48, reportsPerWindow: 2 },
    });
  });

  it('turns trusting in-game unbans on (off as loaded) and sends it with the settings', async () => {
    const testHost = createTestHost({
      'GET /api/panel/settings': { body: settings },
      'PUT /api/panel/settings': (request) => ({
        body: { ...settings, trustInGameUnbans: (request.body as { trustInGameUnbans: boolean }).trustInGameUnbans },
      }),
    });
    signInForTest(['panel.settings']);
    renderAt('/panel/dashboard');
    const trust = (await screen.findByRole('checkbox', {
      name: 'Trust in-game unbans from admins connected to that server',
    })) as HTMLInputElement;
    expect(trust.checked).toBe(false);
    expect(screen.getByText(/a stolen token could claim them/)).toBeTruthy();
    fireEvent.click(trust);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(testHost.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(testHost.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ trustInGameUnbans: true });
  });

  it('sets the warning expiry and ladder, one step per line, and refuses a line it cannot read', async () => {
    const testHost = createTestHost({
      'GET /api/panel/settings': {
        body: {
          ...settings,
          warnings: {
            expiryDays: 30,
            ladder: [
              { warnings: 3, banLength: 86400, scope: 'community' },
              { warnings: 2, banLength: 3600, scope: 'server' },
            ],
          },
        },
      },
      'PUT /api/panel/settings': { body: settings },
    });
    signInForTest(['panel.settings']);
    renderAt('/panel/dashboard');
    const ladder = (await screen.findByLabelText(/^Ladder/)) as HTMLTextAreaElement;
    expect(ladder.value).toBe('3: 1d\n2: 1h per server');
    fireEvent.change(ladder, { target: { value: '3: 1d\n5 = 7d\n8: permanent\nten: forever' } });
    fireEvent.change(screen.getByLabelText(/A warning counts for/), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/Each line: a number of active warnings/)).toBeTruthy();
    expect(testHost.calls.some((call) => call.method === 'PUT')).toBe(false);
    // A scope this form does not know is refused too.
    fireEvent.change(ladder, { target: { value: '3: 1d per planet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/Each line: a number of active warnings/)).toBeTruthy();
    expect(testHost.calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(ladder, {
      target: { value: '3: 1d\n5 = 7d\n8: permanent\n2: 12h\n2: 1d per server\n4: 3d per group\n6: 7d everywhere' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(testHost.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(testHost.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      warnings: {
        expiryDays: 14,
        ladder: [
          { warnings: 3, banLength: 86400, scope: 'community' },
          { warnings: 5, banLength: 7 * 86400, scope: 'community' },
          { warnings: 8, banLength: null, scope: 'community' },
          { warnings: 2, banLength: 12 * 3600, scope: 'community' },
          { warnings: 2, banLength: 86400, scope: 'server' },
          { warnings: 4, banLength: 3 * 86400, scope: 'group' },
          { warnings: 6, banLength: 7 * 86400, scope: 'community' },
        ],
      },
    });
  });

  it('sends how many minutes back the recently seen players reach, refusing 0 before sending', async () => {
    const testHost = createTestHost({
      'GET /api/panel/settings': { body: settings },
      'PUT /api/panel/settings': (request) => ({ body: { ...settings, ...(request.body as object) } }),
    });
    signInForTest(['panel.settings']);
    renderAt('/panel/dashboard');
    const minutes = (await screen.findByRole('textbox', { name: 'Recently seen, in minutes' })) as HTMLInputElement;
    expect(minutes.value).toBe('60');
    fireEvent.change(minutes, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/greater than or equal to 1|>=1/)).toBeTruthy();
    expect(testHost.calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(minutes, { target: { value: '180' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(testHost.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(testHost.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ recentPlayersMinutes: 180 });
  });

  it('previews which codes a role’s patterns grant as they are typed', async () => {
    createTestHost({ 'GET /api/panel/roles': { body: { roles: [] } } });
    signInForTest(['panel.roles', 'bans.*']);
    renderAt('/panel/dashboard?tab=roles');
    expect(await screen.findByText(/No roles yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = screen.getByRole('dialog', { name: 'New role' });
    const matches = within(dialog).getByTestId('role-matches');
    expect(matches.textContent).toContain('None yet.');
    fireEvent.change(within(dialog).getByLabelText(/Glob patterns/), { target: { value: 'bans.*\n' } });
    expect(matches.textContent).toContain('bans.create');
    expect(matches.textContent).toContain('bans.unban');
    expect(matches.textContent).not.toContain('logs.view');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^panel\.view/ }));
    expect(matches.textContent).toContain('panel.view');
    // A nameless role is refused before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText('A role needs a name')).toBeTruthy();
  });
});

describe('helpers', () => {
  it('formats uptime', () => {
    expect(formatUptime(42)).toBe('42 s');
    expect(formatUptime(125)).toBe('2 min');
    expect(formatUptime(3 * 3600 + 60)).toBe('3 h 1 min');
    expect(formatUptime(93_784)).toBe('1 d 2 h 3 min');
  });

  it('writes the plugin config with the site address and the token', () => {
    expect(pluginConfigSnippet('https://play.example.org', 'opgs_abc')).toBe(
      '// addons/sourcemod/configs/outpost.cfg\n"Outpost"\n{\n\t"url"\t\t"https://play.example.org/api/game"\n\t"token"\t\t"opgs_abc"\n}',
    );
  });
});
