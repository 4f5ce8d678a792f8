import type { Kysely } from 'kysely';
import { addAutoIncrementId } from '../schema-helpers';

// The audit and chat log: staff actions in Outpost and events reported by game servers.

export async function up(db: Kysely<any>): Promise<void> {
  await addAutoIncrementId(db.schema.createTable('log_entries'), db)
    .addColumn('timestamp', 'bigint', (col) => col.notNull())
    .addColumn('client', 'varchar(64)')
    .addColumn('client_name', 'varchar(100)')
    .addColumn('target', 'varchar(64)')
    .addColumn('target_name', 'varchar(100)')
    .addColumn('type', 'varchar(10)', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('server_id', 'varchar(64)')
    .addColumn('redacted', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('log_entries_timestamp_idx').on('log_entries').columns(['timestamp', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('log_entries').execute();
}
