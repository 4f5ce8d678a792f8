import type { Kysely } from 'kysely';

// Ban scope (issue 25 item 3): a ban or comm block applies to the whole community (every
// existing row: today's behaviour), to one server group or to one server. scope_id is the
// group's or the server's id, null for the community. A role may hold its bans to some server
// groups (ban_group_ids, a JSON array; null = any scope, community included).
// One column per statement: SQLite's ALTER TABLE adds one at a time.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bans')
    .addColumn('scope_kind', 'varchar(16)', (col) => col.notNull().defaultTo('community'))
    .execute();
  await db.schema.alterTable('bans').addColumn('scope_id', 'varchar(64)').execute();
  await db.schema.alterTable('roles').addColumn('ban_group_ids', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('roles').dropColumn('ban_group_ids').execute();
  await db.schema.alterTable('bans').dropColumn('scope_id').execute();
  await db.schema.alterTable('bans').dropColumn('scope_kind').execute();
}
