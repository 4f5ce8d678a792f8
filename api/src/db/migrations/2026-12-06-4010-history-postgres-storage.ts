import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../schema-helpers';

// Issue 28's growth budget on PostgreSQL, where an UPDATE writes a new row version and the old one
// takes room until vacuum (SQLite rewrites in place: nothing to do there).
//
// server_history: each sweep upserts every server's 1-minute, 15-minute and daily bucket (a daily
// row is rewritten 5,760 times a day). With full pages those new versions went to other pages
// (4 % heap-only in the bench), each adding an entry to both indexes that only a vacuum takes
// out again. Room left on each page (fillfactor 70) keeps the new version beside the old (98 % heap-only: no index entry, the old version reclaimed by the
// next reader of the page). The table holds the live hour and the daily buckets: the room left on
// the pages of daily buckets no longer written costs ~40 B a server-day. It applies to pages written
// from now on.
//
// server_history_days: the current day's packed rows are rewritten once an hour (the finished hour
// added), their old versions dead. By default autovacuum comes when a fifth of the table is dead:
// with 90 days of rows kept, some 9 hours of rewrites (~100 MB for 10,000 servers). 1,000 + 1 % of
// the rows (10,400 for 10,000 servers: half an hour of their rewrites) bounds that room to a few
// MB at any size, and a small table is vacuumed about as often as by default.

export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`alter table server_history set (fillfactor = 70)`.execute(db);
  await sql`alter table server_history_days set (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`alter table server_history reset (fillfactor)`.execute(db);
  await sql`alter table server_history_days reset (autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold)`.execute(
    db,
  );
}
