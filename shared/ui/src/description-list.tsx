import type { ReactNode } from 'react';

export interface Description {
  term: ReactNode;
  /** Empty (null, undefined, '') shows `emptyText`. */
  value: ReactNode;
  /** A stable key when `term` is not a string. */
  key?: string;
}

/**
 * Terms and their values (a player's summary, an appeal's facts): side by side where there is
 * room, stacked on phones. Values wrap at spaces only (a SteamID or a date never breaks
 * mid-number), unless a single word is wider than the whole column.
 */
export function DescriptionList({
  items,
  emptyText = '—',
  layout = 'columns',
}: {
  items: readonly Description[];
  emptyText?: string;
  /** 'columns': term beside value; 'grid': cards of term over value, as many per row as fit. */
  layout?: 'columns' | 'grid';
}) {
  return (
    <dl className={`description-list is-${layout}`}>
      {items.map((item, index) => (
        <div className="description" key={item.key ?? (typeof item.term === 'string' ? item.term : index)}>
          <dt>{item.term}</dt>
          <dd>{item.value === null || item.value === undefined || item.value === '' ? emptyText : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
