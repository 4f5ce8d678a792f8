import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> and never import app code: they must keep
// working as the app's types move on.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('server_groups')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('game', 'varchar(20)', (col) => col.notNull())
    .addColumn('type', 'varchar(20)', (col) => col.notNull())
    .addColumn('template_id', 'varchar(100)')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('actions', 'text', (col) => col.notNull().defaultTo(sql`'[]'`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('servers')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('group_id', 'varchar(64)', (col) => col.notNull().references('server_groups.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('host', 'varchar(255)', (col) => col.notNull())
    .addColumn('ip', 'varchar(64)', (col) => col.notNull())
    .addColumn('port', 'integer', (col) => col.notNull())
    .addColumn('query_port', 'integer')
    .addColumn('rcon_port', 'integer')
    .addColumn('rcon_password', 'text')
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo(sql`'[]'`))
    .addColumn('features', 'text', (col) => col.notNull().defaultTo(sql`'[]'`))
    .addColumn('actions', 'text', (col) => col.notNull().defaultTo(sql`'[]'`))
    .addColumn('status', 'text')
    .addColumn('status_updated_at', 'bigint')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('servers_group_id_idx').on('servers').column('group_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('servers').execute();
  await db.schema.dropTable('server_groups').execute();
  await db.schema.dropTable('settings').execute();
}
