import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../schema-helpers';

// Issue 28's growth budget: a row per 1-minute or 15-minute bucket cost more in keys and row
// headers than its figures (73 MB on SQLite, 209 MB on PostgreSQL per 10,000 server-days while a
// server's 90-day window filled). A server-day of each bucket size now sits in one row, its buckets
// packed into slots (modules/servers/poller/history-slots.ts). server_history keeps the daily
// buckets and the last hour's buckets the poller is still adding to; each sweep packs up to 250
// servers' finished hours into their day's row, oldest first, so the buckets already stored are
// packed by the sweeps that follow this migration (a sweep's work stays bounded: no long lock here).

export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable('server_history_days')
    .addColumn('server_id', 'varchar(64)', (col) => col.notNull().references('servers.id').onDelete('cascade'))
    // 60 or 900.
    .addColumn('bucket_seconds', 'integer', (col) => col.notNull())
    // Start of the day (unix seconds).
    .addColumn('day', 'bigint', (col) => col.notNull())
    .addColumn('slots', isSqlite(db) ? 'blob' : 'bytea', (col) => col.notNull())
    .addPrimaryKeyConstraint('server_history_days_pk', ['server_id', 'bucket_seconds', 'day']);
  // SQLite: the key is the table (no rowid and second copy of the key per row).
  if (isSqlite(db)) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  // Pruning by age drops one bucket size's oldest days across every server.
  await db.schema
    .createIndex('server_history_days_age')
    .on('server_history_days')
    .columns(['bucket_seconds', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_history_days').execute();
}
