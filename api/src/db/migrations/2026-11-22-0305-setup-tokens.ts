import type { Kysely } from 'kysely';

// First-time setup tokens (hashed), one per starting instance while nobody owns the site;
// all are dropped once someone becomes the owner.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('setup_tokens')
    .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('setup_tokens').execute();
}
