import type { Kysely } from 'kysely';

// Federation (issue 29), the subscribing side: the feeds this site takes, what it received
// from each, the players it excepts, and on a ban the site it came from.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('federation_subscriptions')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('site', 'varchar(300)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(300)', (col) => col.notNull())
    // The pinned key (raw, base64url) and its fingerprint; null key until first read.
    .addColumn('public_key', 'varchar(64)')
    .addColumn('fingerprint', 'varchar(80)', (col) => col.notNull())
    .addColumn('categories', 'text', (col) => col.notNull())
    .addColumn('mode', 'varchar(10)', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('problem', 'text')
    .addColumn('appeals', 'varchar(400)')
    .addColumn('held_seq', 'bigint', (col) => col.notNull())
    .addColumn('held_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('etag', 'varchar(200)')
    .addColumn('failures', 'integer', (col) => col.notNull())
    // Milliseconds: when the feed is next read, and until when an instance holds it.
    .addColumn('next_poll_at', 'bigint', (col) => col.notNull())
    .addColumn('claim_until', 'bigint', (col) => col.notNull())
    .addColumn('last_polled_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('federation_received')
    .addColumn('subscription_id', 'varchar(32)', (col) => col.notNull())
    .addColumn('entry_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    .addColumn('steamid', 'varchar(20)', (col) => col.notNull())
    .addColumn('category', 'varchar(20)', (col) => col.notNull())
    .addColumn('length', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('status', 'varchar(10)', (col) => col.notNull())
    .addColumn('ban_id', 'bigint')
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('federation_received_pk', ['subscription_id', 'entry_id'])
    .execute();
  // The review queue (pending first) and the rate watch (bans the feed made in the last day).
  await db.schema
    .createIndex('federation_received_status')
    .on('federation_received')
    .columns(['status', 'received_at'])
    .execute();
  await db.schema
    .createIndex('federation_received_rate')
    .on('federation_received')
    .columns(['subscription_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('federation_exceptions')
    .addColumn('steamid', 'varchar(20)', (col) => col.primaryKey())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_by_id', 'varchar(64)')
    .addColumn('created_by_name', 'varchar(100)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  // A ban taken from another site's feed names the site and where to appeal it.
  await db.schema.alterTable('bans').addColumn('origin_site', 'varchar(300)').execute();
  await db.schema.alterTable('bans').addColumn('origin_appeals', 'varchar(400)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bans').dropColumn('origin_appeals').execute();
  await db.schema.alterTable('bans').dropColumn('origin_site').execute();
  await db.schema.dropTable('federation_exceptions').execute();
  await db.schema.dropTable('federation_received').execute();
  await db.schema.dropTable('federation_subscriptions').execute();
}
