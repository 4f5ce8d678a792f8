import { type CreateTableBuilder, type Kysely, SqliteAdapter } from 'kysely';

// The few places where SQLite and PostgreSQL differ, for migrations to use.

export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** An auto-incrementing integer primary key named `id` (SQLite rowid alias / PostgreSQL bigserial). */
export function addAutoIncrementId<T extends string>(
  table: CreateTableBuilder<T, any>,
  db: Kysely<any>,
): CreateTableBuilder<T, any> {
  return isSqlite(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    : table.addColumn('id', 'bigserial', (col) => col.primaryKey());
}
