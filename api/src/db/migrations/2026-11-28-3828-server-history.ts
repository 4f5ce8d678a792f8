import type { Kysely } from 'kysely';
import { addAutoIncrementId } from '../schema-helpers';

// Server history (issue 28 item 1): what each poll saw, rolled up per server into 1-minute
// buckets (kept 48 hours), 15-minute buckets (kept 90 days) and daily buckets (kept forever),
// so the size stays bounded at any scale: samples, how many answered (uptime), player
// min/sum/max over the samples that carried a count, and the last max players seen. Plus the
// maps each server ran, when each started and ended. Owned by the servers module.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_history')
    .addColumn('server_id', 'varchar(64)', (col) => col.notNull().references('servers.id').onDelete('cascade'))
    // 60, 900 or 86400.
    .addColumn('bucket_seconds', 'integer', (col) => col.notNull())
    // Start of the bucket (unix seconds, a multiple of bucket_seconds).
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('samples', 'integer', (col) => col.notNull())
    .addColumn('online_samples', 'integer', (col) => col.notNull())
    // Samples that carried a player count (online and readable).
    .addColumn('player_samples', 'integer', (col) => col.notNull())
    .addColumn('players_sum', 'bigint', (col) => col.notNull())
    .addColumn('players_min', 'integer')
    .addColumn('players_max', 'integer')
    .addColumn('max_players', 'integer')
    .addPrimaryKeyConstraint('server_history_pk', ['server_id', 'bucket_seconds', 'at'])
    .execute();
  // Pruning by age deletes one bucket size's oldest rows across every server.
  await db.schema.createIndex('server_history_age').on('server_history').columns(['bucket_seconds', 'at']).execute();

  await addAutoIncrementId(db.schema.createTable('server_maps'), db)
    .addColumn('server_id', 'varchar(64)', (col) => col.notNull().references('servers.id').onDelete('cascade'))
    .addColumn('map', 'varchar(64)', (col) => col.notNull())
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    // Null while the map is running.
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('server_maps_server').on('server_maps').columns(['server_id', 'started_at']).execute();
  await db.schema.createIndex('server_maps_open').on('server_maps').columns(['ended_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_maps').execute();
  await db.schema.dropTable('server_history').execute();
}
