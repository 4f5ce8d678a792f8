import type { ImportJob } from '@outpost/contracts';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { ImportsView } from './imports-view';

afterEach(cleanup);

const now = Math.floor(Date.now() / 1000);

const job = (fields: Partial<ImportJob>): ImportJob => ({
  id: 'a1',
  importer: 'sourcebans',
  source: 'sourcebans:sb:sb_',
  phase: 'running',
  done: 0,
  total: 10_000,
  kinds: [],
  error: null,
  startedAt: now - 30,
  updatedAt: now,
  finishedAt: null,
  ...fields,
});

function renderView(answers: ImportJob[][]) {
  let call = 0;
  const api = createTestHost({
    'GET /api/panel/imports': () => ({ body: { jobs: answers[Math.min(call++, answers.length - 1)] } }),
  });
  signInForTest(['panel.settings']);
  render(
    <MemoryRouter>
      <ImportsView />
    </MemoryRouter>,
  );
  return api;
}

describe('the imports page (issue 24: a progress bar in the panel)', () => {
  it('moves the bar while a run is going, then shows it finished with what was skipped and why', async () => {
    const kinds = [
      { kind: 'bans', imported: 9000, skipped: 1000, details: ['skipped, no Steam id and no IP: 1000'] },
      { kind: 'admins', imported: 3, skipped: 0, details: [] },
    ];
    const api = renderView([
      [job({ done: 2500 })],
      [job({ done: 7500, kinds: kinds.slice(0, 1) })],
      [job({ done: 10_000, phase: 'finished', finishedAt: now, kinds })],
    ]);
    const bar = await screen.findByRole('progressbar', { name: 'Bans and comm blocks read' });
    expect(bar.getAttribute('value')).toBe('2500');
    expect(bar.getAttribute('max')).toBe('10000');
    expect(screen.getByText('running')).toBeTruthy();
    // Asked again while running, without a click (POLL_MS apart).
    await expect.poll(() => bar.getAttribute('value'), { timeout: 5000 }).toBe('7500');
    expect(screen.getByText('7,500 of 10,000 (75%)')).toBeTruthy();
    await screen.findByText('finished', {}, { timeout: 5000 });
    expect(screen.getByRole('progressbar', { name: 'Bans and comm blocks read' }).getAttribute('value')).toBe('10000');
    const table = screen.getByRole('table', { name: /SourceBans\+\+ import brought and skipped/ });
    const row = within(table).getByText('bans').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('9000');
    expect(row.textContent).toContain('skipped, no Steam id and no IP: 1000');
    // Finished: it asks only every IDLE_POLL_MS (a new run started on the server still shows up).
    const asked = api.paths().length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(api.paths().length).toBe(asked);
  }, 15_000);

  it('says why a run failed, and that an interrupted one resumes when run again', async () => {
    renderView([
      [
        job({ id: 'f', phase: 'failed', error: 'Table sb.sb_bans does not exist', finishedAt: now }),
        job({ id: 'i', importer: 'csv', source: 'csv:old.csv', phase: 'interrupted', done: 10, total: 50 }),
      ],
    ]);
    expect(await screen.findByText('The import failed: Table sb.sb_bans does not exist')).toBeTruthy();
    expect(screen.getByText(/stopped reporting before it finished/)).toBeTruthy();
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
  });

  it('tells how to start one when there is none', async () => {
    renderView([[]]);
    expect(await screen.findByText('No imports yet')).toBeTruthy();
    expect(screen.getByText(/pnpm outpost import sourcebans/)).toBeTruthy();
  });
});
