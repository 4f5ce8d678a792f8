import type { Kysely } from 'kysely';
import { addAutoIncrementId } from '../schema-helpers';

// Community events (issue 13, discuss-events module): events, the answers to them (RSVPs,
// with the waiting list) and each user's calendar feed secret (stored hashed).

export async function up(db: Kysely<any>): Promise<void> {
  await addAutoIncrementId(db.schema.createTable('events'), db)
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('starts_at', 'bigint', (col) => col.notNull())
    .addColumn('ends_at', 'bigint', (col) => col.notNull())
    .addColumn('group_id', 'varchar(64)')
    .addColumn('server_id', 'varchar(64)')
    .addColumn('organiser_id', 'varchar(64)')
    .addColumn('organiser_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('capacity', 'integer')
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('scheduled'))
    .addColumn('sequence', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    // Set by the one instance that claimed the start-within-the-hour reminder; cleared when
    // the start time moves, so a rescheduled event is reminded again.
    .addColumn('reminded_at', 'bigint')
    .execute();
  await db.schema.createIndex('events_starts_idx').on('events').columns(['starts_at', 'id']).execute();
  await db.schema.createIndex('events_ends_idx').on('events').columns(['ends_at', 'id']).execute();

  await db.schema
    .createTable('event_rsvps')
    .addColumn('event_id', 'bigint', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('user_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('response', 'varchar(16)', (col) => col.notNull())
    // 1 while the answer is 'going' but the event was full; promoted in waitlisted_at order.
    .addColumn('waitlisted', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('responded_at', 'bigint', (col) => col.notNull())
    // Order of answers within the event (max + 1 under the event's lock): the waiting list's
    // order, exact even for answers within the same second.
    .addColumn('answer_order', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('event_rsvps_pk', ['event_id', 'user_id'])
    .execute();
  await db.schema.createIndex('event_rsvps_user_idx').on('event_rsvps').columns(['user_id', 'event_id']).execute();

  await db.schema
    .createTable('event_feed_tokens')
    .addColumn('user_id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['event_feed_tokens', 'event_rsvps', 'events']) await db.schema.dropTable(table).execute();
}
