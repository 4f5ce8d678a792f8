import type { Kysely } from 'kysely';

// Who a discussion post has already told "you were mentioned" (issue 13): an @name added
// by editing a post notifies that user once, and never again for the same post, however
// often the name is removed and put back.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('discussion_mentions')
    .addColumn('thread_id', 'bigint', (col) => col.notNull())
    // 0: the thread's own body; else the reply's id.
    .addColumn('reply_id', 'bigint', (col) => col.notNull())
    .addColumn('user_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('notified_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('discussion_mentions_pk', ['thread_id', 'reply_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('discussion_mentions').execute();
}
