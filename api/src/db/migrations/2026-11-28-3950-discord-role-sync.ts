import type { Kysely } from 'kysely';

// Discord role sync (issue 26 item 5): per Outpost role, the Discord role its holders get in
// the guild; per holder and Discord role, what they should hold and what Discord was last told
// (the durable queue of PUT/DELETE /guilds/{guild}/members/{user}/roles/{role}).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('discord_role_links')
    .addColumn('role_id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('discord_role_id', 'varchar(25)', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('discord_role_sync')
    .addColumn('user_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('discord_user_id', 'varchar(25)', (col) => col.notNull())
    .addColumn('discord_role_id', 'varchar(25)', (col) => col.notNull())
    // 1 hold it, 0 not; applied: what Discord was last told, -1 nothing yet.
    .addColumn('desired', 'integer', (col) => col.notNull())
    .addColumn('applied', 'integer', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
    .addColumn('claimed_by', 'varchar(16)')
    .addColumn('claimed_until', 'bigint')
    .addColumn('last_error', 'varchar(500)')
    .addPrimaryKeyConstraint('discord_role_sync_pk', ['user_id', 'discord_user_id', 'discord_role_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('discord_role_sync').execute();
  await db.schema.dropTable('discord_role_links').execute();
}
