import type { DocsTable } from '@outpost/contracts';

/** A table from content/tables/*.yaml, with its title as a heading. */
export function DataTable({ table }: { table: DocsTable }) {
  const headingId = `docs-table-${table.id}`;
  return (
    <section className="card docs-table" aria-labelledby={headingId}>
      <h2 id={headingId}>{table.title}</h2>
      <div className="table-scroll">
        <table className="table">
          <caption className="visually-hidden">{table.title}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={table.columns.map((column) => row[column.key]).join('\u0000')}>
                {table.columns.map((column) => (
                  <td key={column.key}>{column.code ? <code>{row[column.key]}</code> : row[column.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
