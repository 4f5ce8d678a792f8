import type { Kysely } from 'kysely';
import { addAutoIncrementId } from '../schema-helpers';

// Player reports (issue 15, players-bans-notes module). A group is one queue row: the
// reports against one player less than the grouping window apart, claimed and resolved
// together; each report keeps who filed it, why and with what evidence.

export async function up(db: Kysely<any>): Promise<void> {
  await addAutoIncrementId(db.schema.createTable('player_report_groups'), db)
    .addColumn('target_steamid', 'varchar(20)', (col) => col.notNull())
    .addColumn('target_name', 'varchar(100)')
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('open'))
    .addColumn('report_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('first_report_at', 'bigint', (col) => col.notNull())
    .addColumn('last_report_at', 'bigint', (col) => col.notNull())
    .addColumn('claimed_by_id', 'varchar(64)')
    .addColumn('claimed_by_name', 'varchar(100)')
    .addColumn('claimed_at', 'bigint')
    .addColumn('resolution', 'varchar(16)')
    .addColumn('resolved_by_id', 'varchar(64)')
    .addColumn('resolved_by_name', 'varchar(100)')
    .addColumn('resolved_at', 'bigint')
    .addColumn('ban_id', 'bigint')
    .addColumn('note_id', 'bigint')
    .addColumn('comment', 'text')
    .execute();
  // The grouping lookup (the target's open group) and the queue (open first, oldest first).
  await db.schema
    .createIndex('player_report_groups_target_idx')
    .on('player_report_groups')
    .columns(['target_steamid', 'status', 'last_report_at'])
    .execute();
  await db.schema
    .createIndex('player_report_groups_queue_idx')
    .on('player_report_groups')
    .columns(['status', 'first_report_at', 'id'])
    .execute();

  await addAutoIncrementId(db.schema.createTable('player_reports'), db)
    .addColumn('group_id', 'bigint', (col) => col.notNull().references('player_report_groups.id').onDelete('cascade'))
    .addColumn('source', 'varchar(8)', (col) => col.notNull())
    .addColumn('reporter_id', 'varchar(64)')
    .addColumn('reporter_steamid', 'varchar(20)')
    .addColumn('reporter_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('reason', 'varchar(100)', (col) => col.notNull())
    .addColumn('details', 'text', (col) => col.notNull())
    .addColumn('evidence', 'text', (col) => col.notNull())
    .addColumn('server_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('player_reports_group_idx').on('player_reports').columns(['group_id', 'id']).execute();
  // The per-reporter rate limit and "my reports".
  await db.schema
    .createIndex('player_reports_reporter_idx')
    .on('player_reports')
    .columns(['reporter_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('player_reports_reporter_steamid_idx')
    .on('player_reports')
    .columns(['reporter_steamid', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('player_reports').execute();
  await db.schema.dropTable('player_report_groups').execute();
}
