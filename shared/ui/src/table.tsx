import { type ReactNode, useMemo, useState } from 'react';
import { Icon } from './icon';
import { EmptyState } from './states';

export interface Column<T> {
  /** Stable id of the column (also the sort key handed to onSort). */
  key: string;
  /** The header. */
  label: string;
  /** The cell of one row. */
  render(row: T): ReactNode;
  /** Makes the column sortable in the browser by this value (nulls last). */
  sortValue?(row: T): string | number | null | undefined;
  /** Makes the column sortable by the caller (server-side sorting): see `sort` and `onSort`. */
  sortable?: boolean;
  className?: string;
  /**
   * On a phone, where each row becomes a card: 'primary' cells lead the card, full width and
   * without their label (the name, the Join button, the connect command: what must stay in
   * view at 360 px); 'hidden' cells are left out (detail the card can do without). Default:
   * a labelled line.
   */
  phone?: 'primary' | 'hidden';
}

export type SortDirection = 'ascending' | 'descending';
export interface SortState {
  key: string;
  direction: SortDirection;
}

export interface TableProps<T> {
  columns: Column<T>[];
  rows: readonly T[];
  rowKey(row: T): string;
  /** The accessible name of the table (a caption, visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  /**
   * What shows instead of an empty table: a sentence is drawn as the kit's empty state (one
   * look for every section's empty list); an element as given (an EmptyState with an action).
   */
  empty?: ReactNode;
  /** Controlled sorting (e.g. by the API); without it, columns with sortValue sort in the browser. */
  sort?: SortState | null;
  onSort?(sort: SortState): void;
  initialSort?: SortState;
  rowClassName?(row: T): string | undefined;
  className?: string;
}

function compare(a: string | number | null | undefined, b: string | number | null | undefined): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

function cellClass<T>(column: Column<T>): string | undefined {
  const phone = column.phone ? `is-phone-${column.phone}` : '';
  return [column.className ?? '', phone].filter(Boolean).join(' ') || undefined;
}

/**
 * A data table with sortable headers (buttons with aria-sort). On screens narrower than 640 px
 * each row becomes a stacked card: its 'primary' columns first and unlabelled, then every other
 * cell headed by its column label, so a page never scrolls sideways at 360 px.
 */
export function Table<T>({
  columns,
  rows,
  rowKey,
  caption,
  showCaption = false,
  empty,
  sort: controlledSort,
  onSort,
  initialSort,
  rowClassName,
  className,
}: TableProps<T>) {
  const [localSort, setLocalSort] = useState<SortState | null>(initialSort ?? null);
  const controlled = controlledSort !== undefined;
  const sort = controlled ? controlledSort : localSort;
  const sorted = useMemo(() => {
    const column = !controlled && sort ? columns.find((candidate) => candidate.key === sort.key) : undefined;
    if (!column?.sortValue || !sort) return rows;
    const value = column.sortValue;
    const factor = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const result = compare(value(a), value(b));
      // Nulls stay last in both directions.
      return value(a) === null || value(a) === undefined || value(b) === null || value(b) === undefined
        ? result
        : result * factor;
    });
  }, [rows, columns, sort, controlled]);

  if (rows.length === 0 && empty !== undefined)
    return typeof empty === 'string' ? <EmptyState>{empty}</EmptyState> : empty;

  const toggle = (key: string) => {
    const next: SortState = {
      key,
      direction: sort?.key === key && sort.direction === 'ascending' ? 'descending' : 'ascending',
    };
    if (!controlled) setLocalSort(next);
    onSort?.(next);
  };

  // Above 640 px a wide table scrolls inside its box, never the page.
  return (
    <div className="table-scroll">
      <table className={className ? `table kit-table ${className}` : 'table kit-table'}>
        <caption className={showCaption ? 'table-caption' : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sortable = Boolean(column.sortValue) || Boolean(column.sortable);
              const active = sort?.key === column.key ? sort.direction : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={column.className}
                  aria-sort={sortable ? (active ?? 'none') : undefined}
                >
                  {sortable ? (
                    <button type="button" className="sort-button" onClick={() => toggle(column.key)}>
                      {column.label}
                      <Icon
                        name={
                          active === 'ascending'
                            ? 'sort-ascending'
                            : active === 'descending'
                              ? 'sort-descending'
                              : 'sortable'
                        }
                        size={14}
                      />
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column) => (
                <td key={column.key} className={cellClass(column)} data-label={column.label}>
                  {/* One wrapper: on a phone the cell is a two-column grid (label, value), and a
                      value made of several nodes (a time, then text) must stay in the value column. */}
                  <div className="cell-value">{column.render(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The kit's data table (Table is its older name). */
export const DataTable = Table;
