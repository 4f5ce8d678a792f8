import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { formatBytes, HealthTab } from './health-tab';

afterEach(cleanup);

const health = {
  database: { kind: 'sqlite', reachable: true, latencyMs: 0.4 },
  instances: [
    { id: 'abcdef0123', version: '0.1.0', startedAt: 1, uptimeSeconds: 60, lastSeen: 61, openStreams: 0, poller: null },
  ],
  thisInstance: 'abcdef0123',
};

function renderHealth(body: object) {
  createTestHost({ 'GET /api/panel/health': { body } });
  signInForTest(['panel.view']);
  render(
    <MemoryRouter>
      <HealthTab />
    </MemoryRouter>,
  );
}

describe('the health tab: last backup (issue 24)', () => {
  it('shows the last backup, its kind and size', async () => {
    renderHealth({
      ...health,
      lastBackup: { at: Math.floor(Date.now() / 1000) - 7200, kind: 'pg_dump', bytes: 5 * 1024 ** 2, seconds: 3 },
    });
    const figure = (await screen.findByText('Last backup')).parentElement as HTMLElement;
    expect(figure.textContent).toContain('pg_dump, 5.0 MB');
  });

  it('says how to make one when there is none', async () => {
    renderHealth({ ...health, lastBackup: null });
    const figure = (await screen.findByText('Last backup')).parentElement as HTMLElement;
    expect(figure.textContent).toContain('none yet: run pnpm outpost backup');
  });

  it('writes sizes people read', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 ** 3 * 1.25)).toBe('1.3 GB');
  });
});
