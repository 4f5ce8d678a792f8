import type { Kysely } from 'kysely';
import { addAutoIncrementId } from '../schema-helpers';

// The plugin command channel (issue 25 item 2): what a game server's plugin must do now (kick
// a player just banned, mute one just muted, lift a block), queued per server. The plugin
// holds GET /api/game/commands and acknowledges what it did; a command not acknowledged is
// delivered again until it is. Stored, so an API restart or another instance loses nothing.

export async function up(db: Kysely<any>): Promise<void> {
  await addAutoIncrementId(db.schema.createTable('game_commands'), db)
    .addColumn('server_id', 'varchar(64)', (col) => col.notNull())
    // kick, ban, mute, gag, silence, unmute, ungag, unsilence, warn, unban.
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('steamid', 'varchar(32)', (col) => col.notNull())
    // JSON: the message shown to the player, the ban id, reason and expiry.
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    // Last handed to a plugin (null: never); handed again once the redelivery timeout passed.
    .addColumn('delivered_at', 'bigint')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('acked_at', 'bigint')
    .execute();
  // What a long-poll asks: this server's commands not yet acknowledged, oldest first.
  await db.schema
    .createIndex('game_commands_pending')
    .on('game_commands')
    .columns(['server_id', 'acked_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('game_commands').execute();
}
