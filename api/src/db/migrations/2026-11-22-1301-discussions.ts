import type { Kysely } from 'kysely';
import { addAutoIncrementId } from '../schema-helpers';

// Discussions (issue 13): threads, their replies and who has read how far.
// Nothing is ever removed: a moderator's delete sets deleted_at and hides the row.

export async function up(db: Kysely<any>): Promise<void> {
  await addAutoIncrementId(db.schema.createTable('discussion_threads'), db)
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('category', 'varchar(32)', (col) => col.notNull())
    .addColumn('author_id', 'varchar(64)')
    .addColumn('author_name', 'varchar(100)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('edited_at', 'bigint')
    .addColumn('last_activity_at', 'bigint', (col) => col.notNull())
    // The id of the newest reply (0 before the first): read state compares against it, so
    // two replies in the same second are still told apart.
    .addColumn('activity_seq', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('reply_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_open', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('is_pinned', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    .addColumn('deleted_by', 'varchar(64)')
    .execute();
  // The list: pinned first, then newest activity (keyset over these three).
  await db.schema
    .createIndex('discussion_threads_list_idx')
    .on('discussion_threads')
    .columns(['is_pinned', 'last_activity_at', 'id'])
    .execute();
  await db.schema
    .createIndex('discussion_threads_author_idx')
    .on('discussion_threads')
    .columns(['author_id', 'created_at'])
    .execute();

  await addAutoIncrementId(db.schema.createTable('discussion_replies'), db)
    .addColumn('thread_id', 'bigint', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('author_id', 'varchar(64)')
    .addColumn('author_name', 'varchar(100)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('edited_at', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .addColumn('deleted_by', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('discussion_replies_thread_idx')
    .on('discussion_replies')
    .columns(['thread_id', 'id'])
    .execute();
  // Rate limit (posts in the last minute) and the "mine" filter / participants.
  await db.schema
    .createIndex('discussion_replies_author_idx')
    .on('discussion_replies')
    .columns(['author_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('discussion_reads')
    .addColumn('user_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('thread_id', 'bigint', (col) => col.notNull())
    .addColumn('seen_seq', 'bigint', (col) => col.notNull())
    .addColumn('read_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('discussion_reads_pk', ['user_id', 'thread_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('discussion_reads').execute();
  await db.schema.dropTable('discussion_replies').execute();
  await db.schema.dropTable('discussion_threads').execute();
}
