import type { Kysely } from 'kysely';
import { addAutoIncrementId } from '../schema-helpers';

// Warnings (issue 25 item 5): staff warn a player with a reason; a warning counts while it is
// neither expired nor lifted, and enough of them make a ban by the site's ladder. Deleting one
// sets deleted_at (kept for the record, like notes).

export async function up(db: Kysely<any>): Promise<void> {
  await addAutoIncrementId(db.schema.createTable('warnings'), db)
    .addColumn('steamid', 'varchar(32)', (col) => col.notNull())
    .addColumn('player_name', 'varchar(100)')
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('author_id', 'varchar(64)')
    .addColumn('author_name', 'varchar(100)')
    .addColumn('author_real_id', 'varchar(64)')
    .addColumn('author_real_name', 'varchar(100)')
    .addColumn('server_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    // null: never expires.
    .addColumn('expires_at', 'bigint')
    .addColumn('lifted_at', 'bigint')
    .addColumn('lifted_by_id', 'varchar(64)')
    .addColumn('lifted_by_name', 'varchar(100)')
    .addColumn('lift_reason', 'text')
    .addColumn('deleted_at', 'bigint')
    // The ban the ladder made when this warning reached a step.
    .addColumn('escalated_ban_id', 'bigint')
    .execute();
  // The connect check and the player's page: one player's warnings, newest first.
  await db.schema.createIndex('warnings_steamid').on('warnings').columns(['steamid', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('warnings').execute();
}
