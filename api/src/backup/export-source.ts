import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';

// Reading every row of every table in one consistent snapshot, without holding a write
// lock: a SQLite read transaction (WAL: writers go on), a PostgreSQL REPEATABLE READ
// transaction with a cursor per table. Rows come in batches, so a database of gigabytes
// is never in memory at once.

export type Row = Record<string, unknown>;

export interface SourceTable {
  name: string;
  columns: string[];
  parents: string[];
}

export interface ExportSource {
  readonly dialect: 'sqlite' | 'postgres';
  /** Tables (without the migrator's own), columns in declaration order, and the tables their foreign keys name. */
  tables(): Promise<SourceTable[]>;
  /** Applied migrations, in name order. */
  migrations(): Promise<string[]>;
  /** The table's rows ordered by every column (a stable order on both dialects). */
  rows(table: string, columns: string[]): AsyncIterable<Row[]>;
  close(): Promise<void>;
}

const BATCH = 2000;
const MIGRATION_TABLE = 'kysely_migration';
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const orderBy = (columns: string[]) => columns.map(quote).join(', ');

/** Opens the database named by DATABASE_URL for a consistent read. */
export async function openExportSource(databaseUrl: string): Promise<ExportSource> {
  if (databaseUrl.startsWith('sqlite:')) return sqliteSource(existingSqliteFile(databaseUrl.slice('sqlite:'.length)));
  return postgresSource(databaseUrl);
}

/** Thrown when there is nothing to read yet; the command answers it as refused input (exit 2). */
export class NoDatabaseYet extends Error {
  override name = 'NoDatabaseYet';
}

/** The SQLite file, which must exist: a backup or export never creates an empty one. */
export function existingSqliteFile(file: string): string {
  if (!fs.existsSync(file)) {
    throw new NoDatabaseYet(
      `no SQLite database at ${file} yet: check DATABASE_URL (Outpost creates it at its first start)`,
    );
  }
  return file;
}

function sqliteSource(file: string): ExportSource {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  // One read transaction for the whole export: every table as of one moment.
  db.exec('BEGIN');
  db.prepare('select count(*) from sqlite_master').get();
  return {
    dialect: 'sqlite',
    async tables() {
      const names = db
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name",
        )
        .pluck()
        .all() as string[];
      return names.map((name) => ({
        name,
        columns: db.prepare('select name from pragma_table_info(?) order by cid').pluck().all(name) as string[],
        parents: db.prepare('select distinct "table" from pragma_foreign_key_list(?)').pluck().all(name) as string[],
      }));
    },
    async migrations() {
      return db.prepare(`select name from ${MIGRATION_TABLE} order by name`).pluck().all() as string[];
    },
    async *rows(table, columns) {
      let batch: Row[] = [];
      for (const row of db.prepare(`select * from ${quote(table)} order by ${orderBy(columns)}`).iterate()) {
        batch.push(row as Row);
        if (batch.length === BATCH) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    },
    async close() {
      db.exec('COMMIT');
      db.close();
    },
  };
}

async function postgresSource(url: string): Promise<ExportSource> {
  const client = new pg.Client({ connectionString: url, application_name: 'outpost-export' });
  // int8 (our seconds and ids) as numbers, as the API reads them (db/database.ts).
  client.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
  await client.connect();
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  let cursors = 0;
  const textColumns = new Set<string>();
  return {
    dialect: 'postgres',
    async tables() {
      const { rows } = await client.query<{ table_name: string; column_name: string; data_type: string }>(
        `select c.table_name, c.column_name, c.data_type from information_schema.columns c
           join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.table_name not like 'kysely_%'
          order by c.table_name, c.ordinal_position`,
      );
      const tables = new Map<string, string[]>();
      for (const row of rows) {
        tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
        if (row.data_type === 'text' || row.data_type === 'character varying') {
          textColumns.add(`${row.table_name}.${row.column_name}`);
        }
      }
      const links = await client.query<{ child: string; parent: string }>(
        `select distinct c.relname as child, p.relname as parent from pg_constraint k
           join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
           join pg_namespace n on n.oid = c.relnamespace
          where k.contype = 'f' and n.nspname = current_schema()`,
      );
      return [...tables].map(([name, columns]) => ({
        name,
        columns,
        parents: links.rows.filter((link) => link.child === name).map((link) => link.parent),
      }));
    },
    async migrations() {
      const { rows } = await client.query<{ name: string }>(`select name from ${MIGRATION_TABLE} order by name`);
      return rows.map((row) => row.name);
    },
    async *rows(table, columns) {
      const cursor = `outpost_export_${++cursors}`;
      // Text in byte order (COLLATE "C"), as SQLite compares it: both dialects list rows alike.
      const order = columns.map((column) =>
        textColumns.has(`${table}.${column}`) ? `${quote(column)} collate "C"` : quote(column),
      );
      await client.query(
        `declare ${cursor} no scroll cursor for select * from ${quote(table)} order by ${order.join(', ')}`,
      );
      for (;;) {
        const { rows } = await client.query<Row>(`fetch ${BATCH} from ${cursor}`);
        if (rows.length === 0) break;
        yield rows;
      }
      await client.query(`close ${cursor}`);
    },
    async close() {
      await client.query('COMMIT').catch(() => undefined);
      await client.end();
    },
  };
}
