import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { migrations } from '../db/migrations';
import { BINARY_COLUMNS } from './export-policy';
import type { Row } from './export-source';
import { ExportFormatError, readExport } from './full-export';

// `pnpm outpost import outpost --from export.json`: an Outpost export into an empty
// database (a new host, or the same one after a disaster). The schema is brought to this
// version's first, then the rows go in, in the file's order (parents before children).

export class ImportRefused extends Error {
  override name = 'ImportRefused';
}

/** Largest number of bound values in one INSERT, under SQLite's and PostgreSQL's limits. */
const MAX_VALUES = 30_000;

export async function importExport(
  databaseUrl: string,
  file: string,
  onTable: (table: string, rows: number) => void = () => undefined,
): Promise<Record<string, number>> {
  const database = openDatabase(databaseUrl);
  const db = database.db as unknown as Kysely<any>;
  const counts: Record<string, number> = {};
  try {
    await migrateToLatest(db);
    const tables = await db.introspection.getTables();
    const known = new Set(tables.map((table) => table.name));
    // Tables whose id is a bigserial: their sequence must continue after the imported ids.
    const withId = tables
      .filter((table) => table.columns.some((column) => column.name === 'id' && column.isAutoIncrementing))
      .map((table) => table.name);
    const checked = new Set<string>();
    // One transaction: a refused or broken import leaves the database as empty as it was.
    await db.transaction().execute(async (trx) => {
      const header = await readExport(file, async (table, rows) => {
        if (!known.has(table)) throw new ImportRefused(`the export has a table this Outpost does not know: ${table}`);
        if (!checked.has(table)) {
          checked.add(table);
          const { n } = (await trx
            .selectFrom(table)
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()) as {
            n: number | string;
          };
          if (Number(n) > 0) {
            throw new ImportRefused(
              `the database is not empty (${table} has ${n} rows): import into a new, empty database`,
            );
          }
        }
        await insertRows(trx, table, rows);
        counts[table] = (counts[table] ?? 0) + rows.length;
        onTable(table, counts[table]);
      });
      const newer = header.migrations.filter((name) => !(name in migrations));
      if (newer.length > 0) {
        // Checked after reading: the rows went in (columns this version lacks would have failed).
        throw new ImportRefused(
          `the export was made by a newer Outpost (migrations ${newer.join(', ')}): upgrade first`,
        );
      }
      if (database.dialect === 'postgres')
        await resetSequences(
          trx,
          Object.keys(counts).filter((t) => withId.includes(t)),
        );
    });
    return counts;
  } catch (error) {
    if (error instanceof ExportFormatError) throw new ImportRefused(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

async function insertRows(db: Kysely<any>, table: string, given: Row[]): Promise<void> {
  if (given.length === 0) return;
  const binary = BINARY_COLUMNS[table] ?? [];
  const rows =
    binary.length === 0
      ? given
      : given.map((row) => ({
          ...row,
          ...Object.fromEntries(binary.map((column) => [column, Buffer.from(String(row[column]), 'base64')])),
        }));
  const width = Math.max(1, Object.keys(rows[0] as Row).length);
  const per = Math.max(1, Math.floor(MAX_VALUES / width));
  for (let start = 0; start < rows.length; start += per) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + per))
      .execute();
  }
}

/** bigserial ids inserted as given: each sequence continues after the largest. */
async function resetSequences(db: Kysely<any>, tables: string[]): Promise<void> {
  for (const table of tables) {
    await sql`select setval(s.seq, coalesce((select max(id) from ${sql.table(table)}), 1), (select count(*) > 0 from ${sql.table(table)}))
      from (select pg_get_serial_sequence(${table}, 'id') as seq) s where s.seq is not null`.execute(db);
  }
}
