import path from 'node:path';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { docsCatalogs } from '../catalogs';
import { compileContent } from '../content-compiler/compile-content';
import { writeTranslationFiles } from '../content-compiler/translation-files';

/** The real content/ folder, compiled as the build does, provided the way the build provides it. */
const compiled = compileContent(path.resolve(__dirname, '../../content'));
export const content = compiled.content;
(globalThis as { __DOCS_CONTENT__?: unknown }).__DOCS_CONTENT__ = content;
// The translated pages, written where the pages import them from, as docsContentPlugin does.
writeTranslationFiles(compiled.translations, path.resolve(__dirname, '../../.generated'));

// The docs' English catalog, as the page loader brings it before a page draws (manifest.ts).
await docsCatalogs.ready();

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** Renders a docs page at `url`, matched by `route` as the shell would. */
export function renderDocs(url: string, route: string, page: ReactNode): RenderResult {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={route} element={page} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}
