import { type Kysely, sql } from 'kysely';

// Server groups gain tags and the container template (image, env, ports) that new
// instances are started from. Both are JSON text like every JSON column.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('server_groups')
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo(sql`'[]'`))
    .execute();
  await db.schema.alterTable('server_groups').addColumn('template', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('server_groups').dropColumn('template').execute();
  await db.schema.alterTable('server_groups').dropColumn('tags').execute();
}
