import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../schema-helpers';

// Issue 30's growth budget on PostgreSQL: a row per map played cost ~150 B in row header, id and
// three indexes (12.5 maps a server-day in the bench, 20-40 on a campaign server), and ending a
// map rewrote its row in every index. Ended maps now move, once their day is over, into one row
// per server and day (modules/servers/poller/map-days.ts), as the 1-minute and 15-minute buckets
// do; server_maps keeps the running maps and those ended today. Maps already stored are moved by
// the sweeps that follow this migration, oldest first and a bounded number a sweep.

export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable('server_map_days')
    .addColumn('server_id', 'varchar(64)', (col) => col.notNull().references('servers.id').onDelete('cascade'))
    // Start of the day (unix seconds) the maps ended in.
    .addColumn('day', 'bigint', (col) => col.notNull())
    // JSON: [[started, ended, map], ...], times in seconds from the day's start.
    .addColumn('maps', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('server_map_days_pk', ['server_id', 'day']);
  // SQLite: the key is the table (no rowid and second copy of the key per row).
  if (isSqlite(db)) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  // Pruning by age drops the oldest days across every server.
  await db.schema.createIndex('server_map_days_age').on('server_map_days').columns(['day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_map_days').execute();
}
