import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { PanelNav } from './panel-nav';

afterEach(cleanup);

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <PanelNav />
    </MemoryRouter>,
  );

describe('the panel section strip', () => {
  it('links the panel pages the user may open, the open one marked, on pages outside the dashboard too', () => {
    createTestHost();
    signInForTest(['webhooks.manage', 'panel.settings']);
    renderAt('/panel/webhooks');
    const strip = screen.getByRole('navigation', { name: 'Panel sections' });
    expect(
      within(strip)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Site settings', 'Imports', 'Webhooks', 'Federation']);
    expect(within(strip).getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/panel/webhooks');
  });

  it('marks the federation page open at its own path, with a trailing slash too', () => {
    createTestHost();
    signInForTest([], 'z');
    renderAt('/panel/federation/');
    expect(screen.getByRole('link', { current: 'page' }).textContent).toBe('Federation');
    expect(screen.getAllByRole('link')).toHaveLength(10);
  });

  it('draws nothing for one page held, or none', () => {
    createTestHost();
    signInForTest(['remotes.publish']);
    renderAt('/panel/remotes');
    expect(screen.queryByRole('navigation')).toBeNull();
    cleanup();
    signInForTest([]);
    renderAt('/panel/remotes');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
