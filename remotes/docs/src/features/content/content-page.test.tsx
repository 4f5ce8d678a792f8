import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DOCS_PAGES } from '../../docs-pages';
import { content, renderDocs } from '../../test-support/render-docs';
import { ContentPage } from './content-page';
import { DocsIndex } from './docs-index';

afterEach(cleanup);

describe('content pages', () => {
  it('the index links every docs page', () => {
    renderDocs('/docs', '/docs', <DocsIndex />);
    const cards = screen.getByRole('region', { name: 'In the docs' });
    for (const page of DOCS_PAGES.filter((p) => p.id !== 'index'))
      expect(
        within(cards)
          .getByRole('link', { name: new RegExp(page.title) })
          .getAttribute('href'),
      ).toBe(`/docs/${page.id}`);
    expect(screen.getByRole('navigation', { name: 'Documentation pages' })).toBeTruthy();
  });

  it('a page shows its text and its tables, and marks itself in the docs navigation', async () => {
    renderDocs('/docs/targetting', '/docs/targetting', <ContentPage id="targetting" />);
    expect(await screen.findByText(/Commands that take a/)).toBeTruthy();
    const selectors = screen.getByRole('table', { name: 'Selectors' });
    for (const selector of ['@all', '@!me', '#userid', '@survivors', '@tank'])
      expect(within(selectors).getByText(selector)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Documentation pages' });
    expect(within(nav).getByRole('link', { name: 'Targetting' }).getAttribute('aria-current')).toBe('page');
  });

  it('every page has content', () => {
    for (const page of DOCS_PAGES)
      expect(content.pages.find((p) => p.id === page.id)?.markdown.length).toBeGreaterThan(50);
  });
});
