import type { Kysely } from 'kysely';

// SourceMod admins that are not Outpost accounts: identified by IP, name or Steam id.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('game_admin_identities')
    .addColumn('auth_type', 'varchar(10)', (col) => col.notNull())
    .addColumn('identity', 'varchar(100)', (col) => col.notNull())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('flags', 'varchar(32)', (col) => col.notNull())
    .addColumn('immunity', 'integer', (col) => col.notNull().defaultTo(0))
    /** JSON array of role ids (the admin's groups). */
    .addColumn('role_ids', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('game_admin_identities_pk', ['auth_type', 'identity'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('game_admin_identities').execute();
}
