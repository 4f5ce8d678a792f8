import { Markdown } from '@outpost/ui';
import type { ReactNode } from 'react';
import { DocsLayout } from '../layout/docs-layout';
import { DataTable } from './data-table';
import { docsPage, tablesOf } from './docs-content';

/**
 * A docs route: its markdown, then what the page adds, then the tables content/tables gives it.
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
  const page = showText ? docsPage(id) : null;
  return (
    <DocsLayout current={id}>
      {page && (
        <section className="card docs-text">
          <Markdown text={page.markdown} />
        </section>
      )}
      {children}
      {(showText ? tablesOf(id) : []).map((table) => (
        <DataTable key={table.id} table={table} />
      ))}
    </DocsLayout>
  );
}
