import type { DocsTable } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { Table } from '@outpost/ui';

type Row = DocsTable['rows'][number];

/**
 * A table from content/tables/*.yaml, with its title as a heading. Its title and column labels
 * are in the reader's language where the docs catalog has them (docs.tables.<id>.title and
 * .column.<key>, the English equal to the YAML's: locale.test.tsx holds them so); a table the
 * catalog does not know yet keeps the YAML's words. Its rows are content, in English.
 */
export function DataTable({ table }: { table: DocsTable }) {
  const t = useT();
  const words = (key: string, english: string) => {
    const id = `docs.tables.${table.id}.${key}`;
    const text = t(id);
    return text === id ? english : text;
  };
  const title = words('title', table.title);
  const headingId = `docs-table-${table.id}`;
  return (
    <section className="card docs-table" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <Table<Row>
        caption={title}
        rowKey={(row) => table.columns.map((column) => row[column.key]).join('\u0000')}
        rows={table.rows}
        columns={table.columns.map((column) => ({
          key: column.key,
          label: words(`column.${column.key}`, column.label),
          render: (row) => (column.code ? <code>{row[column.key]}</code> : row[column.key]),
        }))}
      />
    </section>
  );
}
