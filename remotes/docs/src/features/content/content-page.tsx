import { useT } from '@outpost/host';
import { Markdown } from '@outpost/ui';
import type { ReactNode } from 'react';
import { DocsLayout } from '../layout/docs-layout';
import { DataTable } from './data-table';
import { docsPage, tablesOf } from './docs-content';
import { usePageText } from './page-translations';

/**
 * A docs route: its markdown (the reader's locale's translation where the docs team wrote one,
 * else English with a note), then what the page adds, then the tables content/tables gives it.
 * `showText` false keeps only what the page adds (a command or a tutorial opened on its own).
 */
export function ContentPage({
  id,
  showText = true,
  children,
}: {
  id: string;
  showText?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const page = showText ? docsPage(id) : null;
  const text = usePageText(id, page?.markdown ?? '');
  return (
    <DocsLayout current={id}>
      {page && text && (
        <section className="card docs-text">
          {text.untranslated && (
            <p className="docs-untranslated" role="note">
              {t('docs.page.untranslated')}
            </p>
          )}
          <Markdown text={text.markdown} />
        </section>
      )}
      {children}
      {(showText ? tablesOf(id) : []).map((table) => (
        <DataTable key={table.id} table={table} />
      ))}
    </DocsLayout>
  );
}
