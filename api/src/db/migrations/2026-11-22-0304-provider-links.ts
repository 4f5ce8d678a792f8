import type { Kysely } from 'kysely';

// Accounts of other sign-in providers (Discord) linked to an Outpost user, with the
// tokens needed to keep the link alive. A failed refresh marks the link expired.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('provider_links')
    .addColumn('user_id', 'varchar(64)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(32)', (col) => col.notNull())
    .addColumn('provider_user_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('username', 'varchar(100)', (col) => col.notNull())
    .addColumn('avatar_url', 'varchar(500)')
    .addColumn('access_token', 'varchar(500)', (col) => col.notNull())
    .addColumn('refresh_token', 'varchar(500)')
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('expired', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('provider_links_pk', ['user_id', 'provider'])
    .addUniqueConstraint('provider_links_account_uq', ['provider', 'provider_user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('provider_links').execute();
}
