import type { DocsContent, DocsPage, DocsTable } from '@outpost/contracts';

/** The compiled content/ folder, inlined by the build (docsContentPlugin). */
export function docsContent(): DocsContent {
  return __DOCS_CONTENT__;
}

export function docsPage(id: string): DocsPage | null {
  return docsContent().pages.find((page) => page.id === id) ?? null;
}

export function tablesOf(pageId: string): DocsTable[] {
  return docsContent().tables.filter((table) => table.page === pageId);
}
