import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../schema-helpers';

// Issue 28's growth budget on PostgreSQL, where an UPDATE writes a new row version and the old one
// takes room until a vacuum (SQLite rewrites in place: nothing to do there).
//
// server_history_days: the current day's packed rows are rewritten once an hour (the finished hour
// added), their old versions dead. By default autovacuum comes when a fifth of the table is dead:
// with 90 days of rows kept, some 9 hours of rewrites (~100 MB for 10,000 servers). 1,000 + 1 % of
// the rows (10,400 for 10,000 servers: half an hour of their rewrites) bounds that room to a few
// MB at any size, and a small table is vacuumed about as often as by default.
//
// (server_history was tried with room left on its pages, fillfactor 70, for heap-only upserts: in
// the history-writes bench its heap and indexes grew more on the measured day, not less, so it
// keeps PostgreSQL's default.)

export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`alter table server_history_days set (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`alter table server_history_days reset (autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold)`.execute(
    db,
  );
}
