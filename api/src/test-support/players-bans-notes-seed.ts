// Seeds a bench database with 1,000,000 bans (7 in 10 community-wide, 2 on a server group, 1 on
// one server: issue 25's scopes), 10,000,000 log entries (DESIGN section 5's size; BENCH_LOG_ENTRIES
// for another), 300,000 players and
// 10,000 notes in a few set-based statements (a recursive CTE on SQLite, generate_series on
// PostgreSQL): no row-by-row round trips.
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../db/database';
import type { Database } from '../db/schema';

export const BANS = 1_000_000;
export const LOG_ENTRIES = Number(process.env.BENCH_LOG_ENTRIES ?? 10_000_000);
export const PLAYERS = 300_000;
export const NOTES = 10_000;
/** Warnings (issue 25 item 5): most players have one or two, about half of them active. */
export const WARNINGS = 500_000;
export const STEAM64_BASE = 76561197960265728n;
const NOW = Math.floor(Date.now() / 1000);
/** Ban n is created at T0 + n*30 s, so the newest are still running and the oldest expired. */
export const T0 = Math.floor(Date.now() / 1000) - BANS * 30;

function series(dialect: DialectName, count: number): string {
  return dialect === 'sqlite'
    ? `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${count}) `
    : `WITH seq(n) AS (SELECT generate_series(1, ${count})) `;
}

export type SeededTable = 'players' | 'bans' | 'log_entries' | 'notes' | 'warnings';

/** Seeds these tables (by default the moderation bench's four: no warnings). */
export async function seedModeration(
  db: Kysely<Database>,
  dialect: DialectName,
  tables: readonly SeededTable[] = ['players', 'bans', 'log_entries', 'notes'],
): Promise<void> {
  // One connection throughout: session settings (cache size, work memory) must apply to every statement.
  await db.connection().execute((connection) => seedOn(connection, dialect, tables));
}

async function seedOn(db: Kysely<Database>, dialect: DialectName, tables: readonly SeededTable[]): Promise<void> {
  const steamid = (expr: string) => `CAST(${STEAM64_BASE} + (${expr}) AS TEXT)`;
  const name = (expr: string) => `'player' || CAST(${expr} AS TEXT)`;
  const statements = [
    `${series(dialect, PLAYERS)}INSERT INTO players (steamid, name, name_search, first_seen, last_seen, total_time)
       SELECT ${steamid('n')}, ${name('n')}, ${name('n')}, ${T0}, ${T0} + n * 60, n % 7200 FROM seq`,
    `${series(dialect, BANS)}INSERT INTO bans (type, steamid, ip, player_name, player_name_search, reason, created_at, length, expires_at,
         admin_id, admin_name, server_id, unbanned_at, unbanned_by_id, unbanned_by_name, unban_reason, updated_at,
         scope_kind, scope_id)
       SELECT CASE WHEN n % 10 = 0 THEN 'gag' ELSE 'ban' END, ${steamid(`n % ${PLAYERS}`)},
         '10.' || CAST(n / 65536 % 256 AS TEXT) || '.' || CAST(n / 256 % 256 AS TEXT) || '.' || CAST(n % 256 AS TEXT),
         ${name(`n % ${PLAYERS}`)}, ${name(`n % ${PLAYERS}`)}, 'reason ' || CAST(n % 50 AS TEXT), ${T0} + n * 30,
         CASE WHEN n % 3 = 0 THEN NULL ELSE 86400 * (n % 30 + 1) END,
         CASE WHEN n % 3 = 0 THEN NULL ELSE ${T0} + n * 30 + 86400 * (n % 30 + 1) END,
         'admin' || CAST(n % 20 AS TEXT), 'Admin ' || CAST(n % 20 AS TEXT), 's' || CAST(n % 10 AS TEXT),
         CASE WHEN n % 17 = 0 THEN ${T0} + n * 30 + 60 ELSE NULL END,
         CASE WHEN n % 17 = 0 THEN 'admin1' ELSE NULL END, CASE WHEN n % 17 = 0 THEN 'Admin 1' ELSE NULL END,
         CASE WHEN n % 17 = 0 THEN 'appeal' ELSE NULL END, ${T0} + n * 30,
         CASE WHEN n % 10 IN (1, 2) THEN 'group' WHEN n % 10 = 3 THEN 'server' ELSE 'community' END,
         CASE WHEN n % 10 IN (1, 2) THEN CASE WHEN n % 20 < 10 THEN 'g' ELSE 'g2' END
              WHEN n % 10 = 3 THEN 's' || CAST(n % 7 AS TEXT) ELSE NULL END FROM seq`,
    `${series(dialect, LOG_ENTRIES)}INSERT INTO log_entries (timestamp, client, client_name, target, target_name, type, message, server_id, redacted)
       SELECT ${T0} + n * 30, ${steamid(`n % ${PLAYERS}`)}, ${name(`n % ${PLAYERS}`)},
         CASE WHEN n % 9 = 0 THEN ${steamid(`(n + 7) % ${PLAYERS}`)} ELSE NULL END, NULL,
         CASE WHEN n % 4 = 0 THEN 'CHAT' ELSE 'ACTION' END, 'message ' || CAST(n AS TEXT), 's' || CAST(n % 10 AS TEXT),
         CASE WHEN n % 1000 = 0 THEN 1 ELSE 0 END FROM seq`,
    `${series(dialect, NOTES)}INSERT INTO notes (steamid, body, is_public, author_id, author_name, created_at, updated_at)
       SELECT ${steamid(`n * 29 % ${PLAYERS}`)}, 'note number ' || CAST(n AS TEXT) || ' about behaviour', n % 2, 'admin1', 'Admin 1',
         ${T0} + n, ${T0} + n FROM seq`,
    // Given over the last 60 days (newest last); the site's 30-day expiry: about half expired.
    // Every 7th lifted, every 50th deleted; the rest of the last 30 days' are active.
    `${series(dialect, WARNINGS)}INSERT INTO warnings (steamid, player_name, reason, author_id, author_name, author_real_id,
         author_real_name, server_id, created_at, expires_at, lifted_at, lifted_by_id, lifted_by_name, lift_reason,
         deleted_at, escalated_ban_id)
       SELECT ${steamid(`n * 7 % ${PLAYERS}`)}, ${name(`n * 7 % ${PLAYERS}`)}, 'warning ' || CAST(n % 40 AS TEXT),
         'admin' || CAST(n % 20 AS TEXT), 'Admin ' || CAST(n % 20 AS TEXT), NULL, NULL, 's' || CAST(n % 10 AS TEXT),
         ${NOW} - 5184000 + n * ${Math.floor(5_184_000 / WARNINGS)}, ${NOW} - 5184000 + n * ${Math.floor(5_184_000 / WARNINGS)} + 2592000,
         CASE WHEN n % 7 = 0 THEN ${NOW} - 60 ELSE NULL END, CASE WHEN n % 7 = 0 THEN 'admin1' ELSE NULL END,
         CASE WHEN n % 7 = 0 THEN 'Admin 1' ELSE NULL END, CASE WHEN n % 7 = 0 THEN 'sorry' ELSE NULL END,
         CASE WHEN n % 50 = 0 THEN ${NOW} - 30 ELSE NULL END, NULL FROM seq`,
  ].filter((statement) => tables.includes(statement.match(/INSERT INTO (\w+)/)?.[1] as SeededTable));
  if (dialect === 'sqlite') {
    // A bench database only: a big page cache keeps the index b-trees in memory while seeding.
    await sql.raw('PRAGMA cache_size = -262144').execute(db);
    await sql.raw('PRAGMA synchronous = OFF').execute(db);
  } else {
    await sql.raw("SET maintenance_work_mem = '256MB'").execute(db);
  }
  // Loading into unindexed tables and building each index once afterwards is several
  // times faster than maintaining the indexes row by row. The definitions are read back
  // from the database, so the bench measures exactly the migrations' indexes.
  const indexes = await secondaryIndexes(db, dialect, tables);
  for (const index of indexes) await sql.raw(`DROP INDEX ${index.name}`).execute(db);
  for (const statement of statements) {
    const started = Date.now();
    await sql.raw(statement).execute(db);
    console.log(
      `   seeded ${statement.match(/INSERT INTO (\w+)/)?.[1]} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const started = Date.now();
  for (const index of indexes) await sql.raw(index.definition).execute(db);
  console.log(`   rebuilt ${indexes.length} indexes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (dialect === 'sqlite') await sql.raw('ANALYZE').execute(db);
  else for (const table of tables) await sql.raw(`ANALYZE ${table}`).execute(db);
}

async function secondaryIndexes(
  db: Kysely<Database>,
  dialect: DialectName,
  tables: readonly SeededTable[],
): Promise<Array<{ name: string; definition: string }>> {
  const list = tables.map((table) => `'${table}'`).join(', ');
  if (dialect === 'sqlite') {
    const { rows } = await sql
      .raw<{ name: string; sql: string }>(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${list})`,
      )
      .execute(db);
    return rows.map((row) => ({ name: row.name, definition: row.sql }));
  }
  const { rows } = await sql
    .raw<{ name: string; definition: string }>(
      `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
       JOIN pg_class c ON c.relname = i.indexname JOIN pg_index x ON x.indexrelid = c.oid
       WHERE i.schemaname = current_schema() AND i.tablename IN (${list}) AND NOT x.indisprimary AND NOT x.indisunique`,
    )
    .execute(db);
  return rows;
}
