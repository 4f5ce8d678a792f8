import type { Kysely } from 'kysely';

// Panel administration (issue 11): who wants alerts, the last alert per server (so a
// flapping server alerts at most once per quiet window), and each running API instance's
// heartbeat for the health page.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('panel_alert_subscriptions')
    .addColumn('user_id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('server_status', 'integer', (col) => col.notNull())
    .addColumn('instances', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('panel_alert_state')
    .addColumn('server_id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('online', 'integer', (col) => col.notNull())
    .addColumn('alerted_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('panel_instances')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('version', 'varchar(64)', (col) => col.notNull())
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    .addColumn('last_seen', 'bigint', (col) => col.notNull())
    .addColumn('open_streams', 'integer', (col) => col.notNull())
    .addColumn('poller', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('panel_instances').execute();
  await db.schema.dropTable('panel_alert_state').execute();
  await db.schema.dropTable('panel_alert_subscriptions').execute();
}
