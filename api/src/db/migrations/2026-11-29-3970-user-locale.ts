import type { Kysely } from 'kysely';

// Issue 27: a signed-in user's language, chosen in the navbar's language menu and kept across
// browsers. Null until they choose (the browser's Accept-Language decides meanwhile).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'varchar(16)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
