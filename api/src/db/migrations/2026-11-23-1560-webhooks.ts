import type { Kysely } from 'kysely';

// Discord webhooks (issue 15): the configured webhooks and their delivery queue. The queue
// is the database so deliveries survive a restart and several API instances share it; a
// row is sent by whichever instance claims it (a conditional update on claim_until).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('panel_webhooks')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(80)', (col) => col.notNull())
    // The whole URL, token included: it must be sent. Only ever answered masked.
    .addColumn('url', 'varchar(500)', (col) => col.notNull())
    .addColumn('kinds', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('disabled_reason', 'varchar(300)')
    // Milliseconds: Discord asked this webhook to wait until then (429 or X-RateLimit-Remaining 0).
    .addColumn('rate_limited_until', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('panel_webhook_deliveries')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('webhook_id', 'varchar(32)', (col) => col.notNull().references('panel_webhooks.id').onDelete('cascade'))
    .addColumn('event_key', 'varchar(200)', (col) => col.notNull())
    .addColumn('kind', 'varchar(32)', (col) => col.notNull())
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    // The Discord message (JSON), built when queued so a retry sends the same words.
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    // Milliseconds (Discord's retry-after has fractions of a second).
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
    .addColumn('claimed_by', 'varchar(32)')
    .addColumn('claim_until', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .addUniqueConstraint('panel_webhook_deliveries_event', ['webhook_id', 'event_key'])
    .execute();
  await db.schema
    .createIndex('panel_webhook_deliveries_due')
    .on('panel_webhook_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('panel_webhook_deliveries').execute();
  await db.schema.dropTable('panel_webhooks').execute();
}
