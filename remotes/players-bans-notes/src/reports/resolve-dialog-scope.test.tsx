import type { Report, ReportGroup, RestrictionLimits } from '@outpost/contracts';
import { NO_RESTRICTION_LIMITS } from '@outpost/contracts';
import { useSessionStore } from '@outpost/host';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../test-support/catalogs';
import { listedGroup, listedServer } from '../test-support/fixtures';
import { ResolveDialog, reportedServer } from './resolve-dialog';

// Issue 25: a report resolved with a ban holds at first on the server the report was made on
// (the latest report with a server), when the staff member may give that scope.

afterEach(cleanup);

const GROUPS = [
  listedGroup('alpha', 'Alpha', 'tf2', [listedServer('a1', 'Alpha #1'), listedServer('a2', 'Alpha #2')]),
  listedGroup('bravo', 'Bravo', 'tf2', [listedServer('b1', 'Bravo #1')]),
];

let nextId = 1;
function report(serverId: string | null, createdAt: number): Report {
  const id = nextId++;
  return {
    id,
    groupId: 7,
    source: serverId ? 'game' : 'web',
    reporterId: null,
    reporterSteamid: '76561197960265731',
    reporterName: `Reporter ${id}`,
    reason: 'Cheating',
    details: '',
    evidence: [],
    serverId,
    serverName: serverId,
    createdAt,
  };
}

function group(reports: Report[]): ReportGroup {
  return {
    id: 7,
    targetSteamid: '76561197962734863',
    targetName: 'Bob',
    status: 'open',
    reportCount: reports.length,
    reasons: ['Cheating'],
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
    reports,
  };
}

function signInWith(limits: RestrictionLimits) {
  signInForTest(['reports.manage', 'bans.create']);
  const session = useSessionStore.getState().session;
  if (!session) throw new Error('no session');
  useSessionStore.getState().setSession({ ...session, permissions: { ...session.permissions, limits } });
}

function open(reports: Report[], limits: RestrictionLimits = NO_RESTRICTION_LIMITS) {
  const api = createTestHost({
    'GET /api/servers': () => ({ body: GROUPS }),
    'POST /api/reports/groups/:id/resolve': () => ({ body: { ...group(reports), status: 'resolved' } }),
  });
  signInWith(limits);
  render(<ResolveDialog group={group(reports)} targetLabel="Bob" onDone={vi.fn()} onCancel={vi.fn()} />);
  return api;
}

const scopeSelect = () => within(screen.getByRole('dialog')).getByLabelText('Applies to') as HTMLSelectElement;

async function submitted(api: ReturnType<typeof createTestHost>) {
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ban and resolve' }));
  await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
  return api.calls.find((call) => call.method === 'POST')?.body as { scope?: unknown };
}

describe('a report resolved with a ban', () => {
  it('holds at first on the server the reports were made on, and sends it', async () => {
    const api = open([report('a2', 1_700_000_000), report('a2', 1_700_000_600)]);
    await waitFor(() => expect(scopeSelect().value).toBe('server:a2'));
    expect((await submitted(api)).scope).toEqual({ kind: 'server', serverId: 'a2' });
  });

  it('reports from several servers: the latest report’s server; web reports without one do not count', async () => {
    open([report('a1', 1_700_000_000), report('b1', 1_700_000_300), report(null, 1_700_000_600)]);
    await waitFor(() => expect(scopeSelect().value).toBe('server:b1'));
  });

  it('the staff member may still pick another scope', async () => {
    const api = open([report('b1', 1_700_000_000)]);
    await waitFor(() => expect(scopeSelect().value).toBe('server:b1'));
    fireEvent.change(scopeSelect(), { target: { value: 'community' } });
    expect((await submitted(api)).scope).toEqual({ kind: 'community' });
  });

  it('falls back to the ban form’s default: web reports, a server gone, a server beyond the roles’ groups', async () => {
    open([report(null, 1_700_000_000)]);
    await waitFor(() => expect(scopeSelect().options.length).toBe(6));
    expect(scopeSelect().value).toBe('community');
    cleanup();
    open([report('gone', 1_700_000_000)]);
    await waitFor(() => expect(scopeSelect().options.length).toBe(6));
    expect(scopeSelect().value).toBe('community');
    cleanup();
    const api = open([report('a1', 1_700_000_000)], { ...NO_RESTRICTION_LIMITS, groups: ['bravo'] });
    await waitFor(() => expect(scopeSelect().options.length).toBe(2));
    expect(scopeSelect().value).toBe('group:bravo');
    expect((await submitted(api)).scope).toEqual({ kind: 'group', groupId: 'bravo' });
  });
});

describe('reportedServer', () => {
  it('is the latest report’s server, ties broken by id; null without one', () => {
    expect(reportedServer(group([]))).toBeNull();
    expect(reportedServer(group([report(null, 1)]))).toBeNull();
    const a = report('a1', 5);
    const b = report('b1', 5);
    expect(reportedServer(group([a, b]))).toEqual({ kind: 'server', serverId: 'b1' });
    expect(reportedServer(group([report('a2', 9), report('b1', 3)]))).toEqual({ kind: 'server', serverId: 'a2' });
  });
});
