import type { Kysely } from 'kysely';

// Issue 27: a notification the API writes keeps its message's id and values, so each reader
// reads it in their language (api/src/modules/notifications/notification-words.ts). The English
// message stays stored: rows written before, and staff announcements' own words, show it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('message_key', 'varchar(80)').execute();
  await db.schema.alterTable('notifications').addColumn('message_params', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('message_params').execute();
  await db.schema.alterTable('notifications').dropColumn('message_key').execute();
}
