import type { Kysely } from 'kysely';
import { addAutoIncrementId } from '../schema-helpers';

// Ban appeals (issue 15): a player's appeal of a ban or comm block on their own Steam id,
// and its conversation with staff. Nothing is deleted: a decided or withdrawn appeal stays
// for the record.

export async function up(db: Kysely<any>): Promise<void> {
  await addAutoIncrementId(db.schema.createTable('ban_appeals'), db)
    .addColumn('ban_id', 'bigint', (col) => col.notNull())
    .addColumn('steamid', 'varchar(32)', (col) => col.notNull())
    // The account that opened it; null for an appeal imported from another system.
    .addColumn('player_user_id', 'varchar(64)')
    .addColumn('player_name', 'varchar(100)')
    .addColumn('statement', 'text', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    // The ban id while the appeal is open, null once decided or closed: the unique index on
    // it is "one open appeal per ban", kept by the database under concurrent requests.
    .addColumn('open_ban_id', 'bigint')
    .addColumn('assignee_id', 'varchar(64)')
    .addColumn('assignee_name', 'varchar(100)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_activity_at', 'bigint', (col) => col.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by_id', 'varchar(64)')
    .addColumn('decided_by_name', 'varchar(100)')
    .addColumn('decision_reason', 'text')
    .execute();
  await db.schema.createIndex('ban_appeals_open_ban_uq').on('ban_appeals').column('open_ban_id').unique().execute();
  // The queue: by state, oldest first (keyset on id, which grows with created_at).
  await db.schema.createIndex('ban_appeals_state_idx').on('ban_appeals').columns(['state', 'id']).execute();
  await db.schema.createIndex('ban_appeals_ban_idx').on('ban_appeals').column('ban_id').execute();
  await db.schema.createIndex('ban_appeals_steamid_idx').on('ban_appeals').columns(['steamid', 'id']).execute();
  await db.schema.createIndex('ban_appeals_player_idx').on('ban_appeals').columns(['player_user_id', 'id']).execute();

  await addAutoIncrementId(db.schema.createTable('ban_appeal_messages'), db)
    .addColumn('appeal_id', 'bigint', (col) => col.notNull())
    // 'player' or 'staff'.
    .addColumn('author_role', 'varchar(16)', (col) => col.notNull())
    .addColumn('author_id', 'varchar(64)')
    .addColumn('author_name', 'varchar(100)')
    .addColumn('body', 'text', (col) => col.notNull())
    // 1 = a staff-only comment: never in any answer to the player.
    .addColumn('internal', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('ban_appeal_messages_appeal_idx')
    .on('ban_appeal_messages')
    .columns(['appeal_id', 'id'])
    .execute();
  // The per-writer rate limit counts their messages of the last minute.
  await db.schema
    .createIndex('ban_appeal_messages_author_idx')
    .on('ban_appeal_messages')
    .columns(['author_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ban_appeal_messages').execute();
  await db.schema.dropTable('ban_appeals').execute();
}
