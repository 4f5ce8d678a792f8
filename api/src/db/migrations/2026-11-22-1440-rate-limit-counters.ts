import type { Kysely } from 'kysely';

// Rate-limit counters shared by every API instance on PostgreSQL (issue 14): one row per
// limited route and client, counting hits in a fixed window. A limit of 30 a minute then
// stays 30 a minute however many instances answer. (SQLite has one process, which counts in
// memory; the table exists there too so both dialects have the same schema.)

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'varchar(300)', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    // Milliseconds since the epoch: windows are a minute or less, seconds are too coarse.
    .addColumn('window_ends_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_window_idx')
    .on('rate_limit_counters')
    .column('window_ends_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
}
