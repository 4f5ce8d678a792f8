import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@outpost/contracts/browser';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { PANEL_SECTIONS, PanelNav } from './panel-nav';

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

// The strip's words are the sections' route titles: the route table carries those (the build
// leaves `panel.route.*` out of the browser's catalogs), so the catalogs say them again.
describe("the strip's words", () => {
  it.each(LOCALES)('are the route titles in %s', (locale) => {
    const catalog = JSON.parse(readFileSync(path.resolve(__dirname, `../../locales/${locale}.json`), 'utf8'));
    for (const { name } of PANEL_SECTIONS) {
      expect(catalog[`panel.common.nav.${name}`], name).toBe(catalog[`panel.route.${name}.title`]);
    }
  });
});
