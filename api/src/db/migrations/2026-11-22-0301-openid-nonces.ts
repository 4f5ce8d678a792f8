import type { Kysely } from 'kysely';

// OpenID response nonces already accepted: kept in the database so a replay is refused
// by every API instance, not only by the one that saw the first use.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('openid_nonces')
    // sha256 of endpoint + nonce: fixed length whatever the provider sends.
    .addColumn('nonce_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('openid_nonces_expires_idx').on('openid_nonces').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('openid_nonces').execute();
}
