import type { Kysely } from 'kysely';

// Federation (issue 29), the publishing side: the site's signing keys, its feed (an append-only
// chain of signed entries) and, per restriction, the state last published of it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('federation_keys')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    // Raw 32-byte Ed25519 public key, base64url; the private half as PKCS#8 PEM. The private
    // key signs and never leaves the API (no route reads this column).
    .addColumn('public_key', 'varchar(64)', (col) => col.notNull())
    .addColumn('private_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('retired_at', 'bigint')
    .execute();
  await db.schema
    .createTable('federation_feed')
    .addColumn('seq', 'bigint', (col) => col.primaryKey())
    .addColumn('entry_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('action', 'varchar(10)', (col) => col.notNull())
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    .addColumn('steamid', 'varchar(20)', (col) => col.notNull())
    .addColumn('category', 'varchar(20)', (col) => col.notNull())
    .addColumn('length', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('lifted_at', 'bigint')
    .addColumn('published_at', 'bigint', (col) => col.notNull())
    .addColumn('prev', 'varchar(64)', (col) => col.notNull())
    .addColumn('hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('signature', 'varchar(100)', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('federation_published')
    .addColumn('entry_id', 'varchar(40)', (col) => col.primaryKey())
    // sha256 of the public state last published (kind, Steam id, category, length, expiry, lift).
    .addColumn('state', 'varchar(64)', (col) => col.notNull())
    .addColumn('lifted', 'integer', (col) => col.notNull())
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .execute();
  // The publisher reads restrictions in the order they were written (bans is players-bans-notes's).
  await db.schema.createIndex('bans_updated_idx').on('bans').columns(['updated_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bans_updated_idx').execute();
  await db.schema.dropTable('federation_published').execute();
  await db.schema.dropTable('federation_feed').execute();
  await db.schema.dropTable('federation_keys').execute();
}
