import type { DocsTable } from '@outpost/contracts';
import { Table } from '@outpost/ui';

type Row = DocsTable['rows'][number];

/** A table from content/tables/*.yaml, with its title as a heading. */
export function DataTable({ table }: { table: DocsTable }) {
  const headingId = `docs-table-${table.id}`;
  return (
    <section className="card docs-table" aria-labelledby={headingId}>
      <h2 id={headingId}>{table.title}</h2>
      <Table<Row>
        caption={table.title}
        rowKey={(row) => table.columns.map((column) => row[column.key]).join('\u0000')}
        rows={table.rows}
        columns={table.columns.map((column) => ({
          key: column.key,
          label: column.label,
          render: (row) => (column.code ? <code>{row[column.key]}</code> : row[column.key]),
        }))}
      />
    </section>
  );
}
