import type { ReportGroup } from '@outpost/contracts';
import { setLocale } from '@outpost/host';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import '../test-support/catalogs';
import { listedGroup, listedServer } from '../test-support/fixtures';
import { NewReportView } from './new-report-view';
import { ReportQueue } from './report-queue';

const TARGET = '76561197962734863';
const FORM = {
  reasons: ['Cheating', 'Griefing', 'Other'],
  maxDetails: 2000,
  maxEvidenceLinks: 5,
  reportsPerWindow: 3,
  windowMinutes: 10,
};
const SERVERS = [
  listedGroup('g1', 'Versus', 'l4d2', [listedServer('s1', 'Versus #1', 'v1.example.org', '203.0.113.5')]),
];

function group(overrides: Partial<ReportGroup> = {}): ReportGroup {
  return {
    id: 7,
    targetSteamid: TARGET,
    targetName: 'Bob',
    status: 'open',
    reportCount: 2,
    reasons: ['Cheating', 'Griefing'],
    firstReportAt: 1_700_000_000,
    lastReportAt: 1_700_000_600,
    claimedById: null,
    claimedByName: null,
    claimedAt: null,
    resolution: null,
    resolvedById: null,
    resolvedByName: null,
    resolvedAt: null,
    banId: null,
    noteId: null,
    comment: null,
    reports: [
      {
        id: 1,
        groupId: 7,
        source: 'web',
        reporterId: 'u1',
        reporterSteamid: '76561197960265731',
        reporterName: 'Alice',
        reason: 'Cheating',
        details: 'Aimbot',
        evidence: ['https://video.example.org/1'],
        serverId: 's1',
        serverName: 'Versus #1',
        createdAt: 1_700_000_000,
      },
      {
        id: 2,
        groupId: 7,
        source: 'game',
        reporterId: null,
        reporterSteamid: '76561197960265733',
        reporterName: 'Gamer',
        reason: 'Griefing',
        details: '',
        evidence: [],
        serverId: 's1',
        serverName: 'Versus #1',
        createdAt: 1_700_000_600,
      },
    ],
    ...overrides,
  };
}

afterEach(cleanup);

it('files a report with a recent player picked from a server, refusing a non-http link before sending', async () => {
  const api = createTestHost({
    'GET /api/reports/form': { body: FORM },
    'GET /api/reports/mine': { body: { reports: [] } },
    'GET /api/servers': { body: SERVERS },
    'GET /api/reports/recent-players': {
      body: { players: [{ steamid: TARGET, name: 'Bob', online: true, lastSeen: 1_700_000_000 }] },
    },
    'POST /api/reports': ({ body }) => ({
      status: 201,
      body: {
        id: 3,
        targetSteamid: TARGET,
        targetName: 'Bob',
        reason: (body as { reason: string }).reason,
        createdAt: 1,
        status: 'open',
      },
    }),
  });
  signInForTest([]);
  render(
    <MemoryRouter initialEntries={['/reports/new']}>
      <NewReportView />
    </MemoryRouter>,
  );
  expect(await screen.findByText('You have not reported anyone.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
  expect(await screen.findByText('Pick a reason')).toBeTruthy();
  expect(api.paths().some((path) => path.startsWith('POST'))).toBe(false);

  fireEvent.change(await screen.findByLabelText('Or pick a recent player of a server'), { target: { value: 's1' } });
  fireEvent.click(await screen.findByRole('button', { name: 'Bob' }));
  expect(screen.getByText(`SteamID64 ${TARGET}`)).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Cheating' } });
  fireEvent.change(screen.getByLabelText('What happened'), { target: { value: 'Aimbot on round 3' } });
  fireEvent.change(screen.getByLabelText('Link 1'), { target: { value: 'javascript:alert(1)' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
  expect(await screen.findByText('Must be an http(s) link, e.g. https://…')).toBeTruthy();
  expect(api.paths().some((path) => path.startsWith('POST'))).toBe(false);

  fireEvent.change(screen.getByLabelText('Link 1'), { target: { value: 'https://demos.example.org/r3.dem' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
  expect(await screen.findByText(/your report of Bob was sent/)).toBeTruthy();
  const post = api.calls.find((call) => call.method === 'POST');
  expect(post?.body).toEqual({
    target: TARGET,
    reason: 'Cheating',
    details: 'Aimbot on round 3',
    evidence: ['https://demos.example.org/r3.dem'],
    serverId: 's1',
  });
});

it("names the site's default reasons in the reader's language, a site's own as written, and sends the reason itself", async () => {
  const api = createTestHost({
    'GET /api/reports/form': { body: { ...FORM, reasons: ['Cheating', 'Griefing', 'Exploiting', 'Spawn camping'] } },
    'GET /api/reports/mine': { body: { reports: [] } },
    'GET /api/servers': { body: [] },
    'POST /api/reports': { status: 429, body: { error: 'REPORTING_TOO_FAST', message: 'Too fast.' } },
  });
  signInForTest([]);
  await setLocale('de');
  try {
    render(
      <MemoryRouter initialEntries={[`/reports/new?steamid=${TARGET}`]}>
        <NewReportView />
      </MemoryRouter>,
    );
    const reason = (await screen.findByLabelText('Grund')) as HTMLSelectElement;
    expect([...reason.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Grund wählen…'],
      ['Cheating', 'Cheaten'],
      ['Griefing', 'Griefing'],
      ['Exploiting', 'Ausnutzen von Bugs'],
      ['Spawn camping', 'Spawn camping'],
    ]);
    fireEvent.change(reason, { target: { value: 'Exploiting' } });
    fireEvent.change(screen.getByLabelText('Was ist passiert'), { target: { value: 'Wallhack' } });
    fireEvent.submit(reason.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ reason: 'Exploiting' }),
    );
  } finally {
    await setLocale('en');
  }
});

it('shows a refusal from the API (rate limit) beside the form', async () => {
  createTestHost({
    'GET /api/reports/form': { body: FORM },
    'GET /api/reports/mine': { body: { reports: [] } },
    'GET /api/servers': { body: [] },
    'POST /api/reports': {
      status: 429,
      body: { error: 'REPORTING_TOO_FAST', message: 'You can file at most 3 reports in 10 minutes.' },
    },
  });
  signInForTest([]);
  render(
    <MemoryRouter initialEntries={[`/reports/new?steamid=${TARGET}`]}>
      <NewReportView />
    </MemoryRouter>,
  );
  fireEvent.change(await screen.findByLabelText('Reason'), { target: { value: 'Other' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
  expect(await screen.findByText('You can file at most 3 reports in 10 minutes.')).toBeTruthy();
});

it('shows a group with every reporter and resolves it as a ban in one step', async () => {
  const api = createTestHost({
    'GET /api/reports/groups': { body: { groups: [group()], openCount: 1 } },
    'POST /api/reports/groups/:id/resolve': () => ({
      body: group({ status: 'resolved', resolution: 'ban', banId: 42 }),
    }),
  });
  signInForTest(['reports.manage', 'bans.create']);
  render(
    <MemoryRouter initialEntries={['/admin/reports']}>
      <ReportQueue />
    </MemoryRouter>,
  );
  const card = await screen.findByRole('article', { name: /Bob/ });
  expect(within(card).getByText('2 reports')).toBeTruthy();
  expect(within(card).getByText('Alice')).toBeTruthy();
  expect(within(card).getByText('Gamer')).toBeTruthy();
  const link = within(card).getByRole('link', { name: 'https://video.example.org/1' });
  expect(link.getAttribute('rel')).toContain('noopener');
  fireEvent.click(within(card).getByRole('button', { name: 'Resolve' }));
  const dialog = screen.getByRole('dialog', { name: 'Resolve the reports of Bob' });
  fireEvent.change(within(dialog).getByLabelText('Ban reason'), { target: { value: 'Aimbot' } });
  fireEvent.change(within(dialog).getByLabelText('Length'), { target: { value: 'permanent' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Ban and resolve' }));
  await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
  expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
    action: 'ban',
    type: 'ban',
    reason: 'Aimbot',
    length: null,
    scope: { kind: 'community' },
  });
  await waitFor(() =>
    expect(api.notifications).toContainEqual({ level: 'success', message: 'Bob banned; reporters notified' }),
  );
});

it('offers only a dismissal to staff without bans.create or notes.create', async () => {
  createTestHost({ 'GET /api/reports/groups': { body: { groups: [group()], openCount: 1 } } });
  signInForTest(['reports.manage']);
  render(
    <MemoryRouter initialEntries={['/admin/reports']}>
      <ReportQueue />
    </MemoryRouter>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
  const dialog = screen.getByRole('dialog');
  expect(within(dialog).queryByLabelText('Ban')).toBeNull();
  expect(within(dialog).queryByLabelText('Note')).toBeNull();
  expect(within(dialog).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
});
