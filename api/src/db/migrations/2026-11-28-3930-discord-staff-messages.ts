import type { Kysely } from 'kysely';

// Discord as the staff room (issue 26 item 4): per report group or appeal, the staff channel's
// message about it and whether it shows the latest state. The table is the durable queue: a
// change bumps `version`; the bot's worker posts or edits until `sent_version` catches up.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('discord_staff_messages')
    // 'report:<group id>' or 'appeal:<appeal id>'.
    .addColumn('subject', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('channel_id', 'varchar(25)')
    .addColumn('message_id', 'varchar(25)')
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('sent_version', 'integer', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    // Milliseconds: a 429's wait ends to the millisecond.
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
    .addColumn('claimed_by', 'varchar(16)')
    .addColumn('claimed_until', 'bigint')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('discord_staff_messages_due_idx')
    .on('discord_staff_messages')
    .columns(['next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('discord_staff_messages').execute();
}
