import { type Kysely, sql } from 'kysely';

// Accounts, roles and login sessions: the seam every permission check stands on.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('steamid', 'varchar(32)', (col) => col.unique())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('avatar_hash', 'varchar(100)')
    .addColumn('flags', 'varchar(32)', (col) => col.notNull().defaultTo(''))
    .addColumn('immunity', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('permission_codes', 'text', (col) => col.notNull().defaultTo(sql`'[]'`))
    .addColumn('birth_month', 'integer')
    .addColumn('birth_date', 'integer')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(100)', (col) => col.notNull().unique())
    .addColumn('flags', 'varchar(32)', (col) => col.notNull().defaultTo(''))
    .addColumn('immunity', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('permission_codes', 'text', (col) => col.notNull().defaultTo(sql`'[]'`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'varchar(64)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'varchar(64)', (col) => col.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('token_hash', 'varchar(128)', (col) => col.notNull().unique())
    .addColumn('user_id', 'varchar(64)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ip', 'varchar(64)', (col) => col.notNull().defaultTo(''))
    .addColumn('country_code', 'varchar(8)', (col) => col.notNull().defaultTo(''))
    .addColumn('login_time', 'bigint', (col) => col.notNull())
    .addColumn('last_active', 'bigint', (col) => col.notNull())
    .addColumn('impersonating_user_id', 'varchar(64)', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('user_roles').execute();
  await db.schema.dropTable('roles').execute();
  await db.schema.dropTable('users').execute();
}
