import type { RemoteRelease, RemotesListResponse } from '@outpost/contracts';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { ReleasesView } from './releases-view';

afterEach(cleanup);

const release = (
  version: string,
  publishedAt: number,
  status: RemoteRelease['status'] = 'available',
  catalogs: RemoteRelease['catalogs'] = null,
): RemoteRelease => ({
  version,
  entry: `/remotes/docs/${version}/mf-manifest.json`,
  contractVersion: '1.0.0',
  sharedVersions: { react: '19.3.1' },
  publishedBy: { id: 'u1', name: 'Docs Team CI' },
  publishedAt,
  status,
  activatedAt: null,
  catalogs,
});
const V3 = '0.1.0+cccccccccccc';
const V2 = '0.1.0+bbbbbbbbbbbb';
const V1 = '0.1.0+aaaaaaaaaaaa';

function list(active: string): RemotesListResponse {
  return {
    keepReleases: 5,
    remotes: [
      {
        id: 'docs',
        active: { version: active, activatedAt: 1_700_000_000, activatedBy: 'Release Manager' },
        health: {
          loads: 38,
          loadFailures: 1,
          renderErrors: 1,
          errorRate: 2 / 39,
          lastError: 'Loading chunk 7 failed',
          lastErrorAt: 1_700_000_100,
        },
        canary: null,
        releases: [
          release(V3, 1_700_000_300, 'available', { keys: 200, translated: { de: 200, 'pt-BR': 199, ru: 196 } }),
          release(V2, 1_700_000_200),
          release(V1, 1_700_000_100, 'pruned'),
        ],
      },
      { id: 'panel', active: null, health: null, canary: null, releases: [] },
    ],
  };
}

describe('the Remotes page', () => {
  it('draws with the kit under the page hero: no heading of its own, a toolbar with its action, a kit card per remote', async () => {
    createTestHost({ 'GET /api/remotes': { body: list(V2) } });
    signInForTest(['remotes.publish']);
    const { container } = render(<ReleasesView />);
    const docs = await screen.findByRole('article', { name: 'docs' });
    // The shell's hero is the page's title ("Remotes"): no second heading repeats it.
    expect(screen.queryByRole('heading', { name: /remote/i })).toBeNull();
    expect(container.querySelector('.page-header')).toBeNull();
    expect(container.querySelector('.toolbar .toolbar-actions')?.textContent).toContain('Refresh');
    expect(docs.classList.contains('kit-card')).toBe(true);
    expect(within(docs).getByRole('heading', { level: 2, name: 'docs' })).toBeTruthy();
  });

  it('shows each remote’s active release, health and history with the right buttons', async () => {
    createTestHost({ 'GET /api/remotes': { body: list(V2) } });
    signInForTest(['remotes.publish']);
    render(<ReleasesView />);
    const docs = await screen.findByRole('article', { name: 'docs' });
    expect(within(docs).getByText('5.1 %', { exact: false })).toBeTruthy();
    expect(within(docs).getByText('errors reported')).toBeTruthy();
    expect(within(docs).getByText('Loading chunk 7 failed')).toBeTruthy();
    const rows = within(within(docs).getByRole('table', { name: 'Releases of docs' })).getAllByRole('row');
    expect(rows).toHaveLength(4);
    // Newer than active: Activate; the active one: nothing; pruned: nothing.
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: `Activate ${V3}` })).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryAllByRole('button')).toHaveLength(0);
    expect(within(rows[3] as HTMLElement).getByText('files pruned')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).queryAllByRole('button')).toHaveLength(0);
    // A remote with no release is named in one line, not given a card.
    expect(screen.queryByRole('article', { name: 'panel' })).toBeNull();
    expect(screen.getByText('Serving their bootstrap build (no release yet): panel.')).toBeTruthy();
  });

  it('rolls back after confirming, sending the release it saw active (compare-and-set)', async () => {
    let active = V3;
    const testHost = createTestHost({
      'GET /api/remotes': () => ({ body: list(active) }),
      'POST /api/remotes/docs/activation': (request) => {
        active = (request.body as { version: string }).version;
        return { body: { ...release(active, 1_700_000_200), activatedAt: 1_700_000_400 } };
      },
    });
    signInForTest(['remotes.publish']);
    render(<ReleasesView />);
    // The remote's own Roll back button (the row of that release has one too).
    fireEvent.click((await screen.findAllByRole('button', { name: `Roll back to ${V2}` }))[0] as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'Roll back docs?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(testHost.notifications.at(-1)?.message).toContain(`docs now runs ${V2}`));
    expect(testHost.calls.find((call) => call.method === 'POST')?.body).toEqual({ version: V2, expectedActive: V3 });
  });

  it('says why when someone else activated a release meanwhile', async () => {
    const testHost = createTestHost({
      'GET /api/remotes': { body: list(V2) },
      'POST /api/remotes/docs/activation': {
        status: 409,
        body: { error: 'ACTIVE_CHANGED', message: 'Remote docs now runs 0.1.0+dddddddddddd, not 0.1.0+bbbbbbbbbbbb' },
      },
    });
    signInForTest(['remotes.publish']);
    render(<ReleasesView />);
    fireEvent.click(await screen.findByRole('button', { name: `Activate ${V3}` }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(testHost.notifications.at(-1)).toMatchObject({ level: 'error', title: 'Not activated' }),
    );
    expect(testHost.notifications.at(-1)?.message).toContain('now runs 0.1.0+dddddddddddd');
  });

  it('starts trying a release in this browser', async () => {
    const testHost = createTestHost({
      'GET /api/remotes': { body: list(V2) },
      'POST /api/remotes/docs/canary': { body: { version: V3, expiresAt: 1_700_003_600 } },
    });
    signInForTest(['remotes.publish']);
    render(<ReleasesView />);
    fireEvent.click(await screen.findByRole('button', { name: `Try ${V3} in my browser` }));
    await waitFor(() => expect(testHost.notifications.at(-1)?.message).toContain('from your next page load'));
    expect(testHost.calls.find((call) => call.method === 'POST')?.body).toEqual({ version: V3 });
  });

  it("shows each release's catalog completeness per locale, rounded down, the incomplete ones marked", async () => {
    createTestHost({ 'GET /api/remotes': { body: list(V2) } });
    signInForTest(['remotes.publish']);
    render(<ReleasesView />);
    const docs = await screen.findByRole('article', { name: 'docs' });
    const table = within(docs).getByRole('table', { name: 'Releases of docs' });
    expect(within(table).getByRole('columnheader', { name: 'Translations' })).toBeTruthy();
    const counted = within(table).getByRole('list', { name: `Translations of docs ${V3}` });
    const items = within(counted).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['de 100 %', 'pt-BR 99 %', 'ru 98 %']);
    expect(items.map((item) => item.querySelector('.tag')?.className.includes('warning'))).toEqual([false, true, true]);
    // A release whose build counted nothing says so instead of claiming 0 %.
    const rows = within(table).getAllByRole('row');
    expect(within(rows[2] as HTMLElement).getByText('not counted')).toBeTruthy();
  });
});
