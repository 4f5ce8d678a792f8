import type { Kysely } from 'kysely';
import { addAutoIncrementId } from '../schema-helpers';

// Notifications per user. The increasing id is the SSE event id: a reconnecting stream
// sends Last-Event-ID and gets every later row, so nothing is lost in between.

export async function up(db: Kysely<any>): Promise<void> {
  await addAutoIncrementId(db.schema.createTable('notifications'), db)
    .addColumn('user_id', 'varchar(64)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('timestamp', 'bigint', (col) => col.notNull())
    .addColumn('level', 'integer', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('link', 'varchar(2000)')
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}
