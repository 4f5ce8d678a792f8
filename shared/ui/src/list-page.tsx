import type { Loaded } from '@outpost/host';
import { LoadState, PageHeader, Table, type TableProps, Toolbar } from '@outpost/ui/core';
import type { ReactNode } from 'react';
import { type KeysetPagesLike, Pager } from './pager';

export interface ListPageProps<T, R> {
  /** With a title the list gets a PageHeader (level 1, or `headingLevel` 2 inside a page). */
  title?: ReactNode;
  description?: ReactNode;
  headingLevel?: 1 | 2;
  /** The page's actions (New ban), in the header, or in the toolbar without a title. */
  actions?: ReactNode;
  /** The filters (SearchFilter, SelectFilter, FilterField) of the toolbar. */
  filters?: ReactNode;
  /** One request's state (useLoad) and what it loads ('bans': 'Loading bans…'). */
  state: Loaded<R>;
  what: string;
  onRetry?(): void;
  /** The rows of a loaded response. */
  rows(data: R): readonly T[];
  /** Keyset paging: the pages (useKeysetPages) and the response's next cursor. */
  pages?: KeysetPagesLike;
  nextCursor?(data: R): string | null | undefined;
  /** The table: columns, rowKey, caption, empty state (the rows come from `rows`). */
  table: Omit<TableProps<T>, 'rows'>;
  /** What else the page holds (its dialogs). */
  children?: ReactNode;
}

/** A list page in one piece: header, toolbar, load states, the table (cards on phones), the pager. */
export function ListPage<T, R>({
  title,
  description,
  headingLevel = 1,
  actions,
  filters,
  state,
  what,
  onRetry,
  rows,
  pages,
  nextCursor,
  table,
  children,
}: ListPageProps<T, R>) {
  return (
    <section className="list-page" aria-label={typeof title === 'string' ? title : undefined}>
      {title && <PageHeader title={title} description={description} actions={actions} level={headingLevel} />}
      {(filters || (!title && actions)) && <Toolbar actions={title ? undefined : actions}>{filters}</Toolbar>}
      <LoadState state={state} what={what} onRetry={onRetry}>
        {(data) => (
          <>
            <Table {...table} rows={rows(data)} />
            {pages && nextCursor && <Pager pages={pages} nextCursor={nextCursor(data)} />}
          </>
        )}
      </LoadState>
      {children}
    </section>
  );
}
