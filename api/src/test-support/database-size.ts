import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../db/database';

// What the benches read off the database itself (issue 28's history budgets): how much room
// tables take, and how many writing transactions ran.

/**
 * Bytes these tables take, data and indexes. SQLite: the pages of their b-trees (dbstat; pages
 * freed by deletes go to the free list, are reused and are not counted). PostgreSQL:
 * pg_total_relation_size after a plain VACUUM (what autovacuum does: dead rows' room is reused,
 * not returned).
 */
export async function tablesBytes(db: Kysely<any>, dialect: DialectName, tables: readonly string[]): Promise<number> {
  for (const table of tables) if (!/^[a-z_]+$/.test(table)) throw new Error(`not a plain table name: ${table}`);
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ n: number | null }>`select sum(pgsize) as n from dbstat where name in
      (select name from sqlite_schema where tbl_name in (${sql.join(tables)}))`.execute(db);
    return Number((rows[0] as { n: number | null }).n ?? 0);
  }
  let total = 0;
  for (const table of tables) {
    await sql`vacuum analyze ${sql.table(table)}`.execute(db);
    const { rows } = await sql<{ n: string }>`select pg_total_relation_size(${table}) as n`.execute(db);
    total += Number((rows[0] as { n: string }).n);
  }
  return total;
}

/**
 * PostgreSQL: a plain VACUUM of each of these tables autovacuum would pick now, by its rule: dead
 * rows past autovacuum_vacuum_threshold + autovacuum_vacuum_scale_factor x rows, or rows inserted
 * since the last vacuum past the insert threshold and scale factor; each the table's own setting
 * where it has one (ALTER TABLE ... SET), else the server's. A bench that runs hours of sweeps in
 * seconds calls this between sweeps, so the dead rows' room is reused as it is in production
 * (autovacuum is on by default; it wakes every minute, a sweep is 15 s). Answers the tables vacuumed.
 * SQLite reuses freed pages by itself: nothing to do.
 */
export async function vacuumAsAutovacuumWould(
  db: Kysely<any>,
  dialect: DialectName,
  tables: readonly string[],
): Promise<string[]> {
  if (dialect === 'sqlite') return [];
  const { rows } = await sql<{
    name: string;
    dead: string;
    inserted: string;
    tuples: number;
    options: string[] | null;
    threshold: number;
    scale: number;
    insertThreshold: number;
    insertScale: number;
  }>`select c.relname as name, s.n_dead_tup as dead, s.n_ins_since_vacuum as inserted, c.reltuples as tuples,
      c.reloptions as options,
      current_setting('autovacuum_vacuum_threshold')::float8 as threshold,
      current_setting('autovacuum_vacuum_scale_factor')::float8 as scale,
      current_setting('autovacuum_vacuum_insert_threshold')::float8 as "insertThreshold",
      current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as "insertScale"
    from pg_class c join pg_stat_user_tables s on s.relid = c.oid
    where c.relname in (${sql.join(tables)})`.execute(db);
  const vacuumed: string[] = [];
  for (const row of rows) {
    const setting = (name: string, server: number) => {
      const own = (row.options ?? []).find((option) => option.startsWith(`${name}=`));
      return own === undefined ? Number(server) : Number(own.slice(name.length + 1));
    };
    // reltuples is -1 until the table's first vacuum or analyze.
    const tuples = Math.max(0, Number(row.tuples));
    const dead =
      Number(row.dead) >
      setting('autovacuum_vacuum_threshold', row.threshold) +
        setting('autovacuum_vacuum_scale_factor', row.scale) * tuples;
    const inserted =
      Number(row.inserted) >
      setting('autovacuum_vacuum_insert_threshold', row.insertThreshold) +
        setting('autovacuum_vacuum_insert_scale_factor', row.insertScale) * tuples;
    if (!dead && !inserted) continue;
    await sql`vacuum ${sql.table(row.name)}`.execute(db);
    vacuumed.push(row.name);
  }
  return vacuumed;
}

/** PostgreSQL: the next transaction id it will assign (reading it assigns none; only a writing transaction takes one). */
export async function nextTransactionId(db: Kysely<any>): Promise<bigint> {
  const { rows } = await sql<{ xmax: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`.execute(
    db,
  );
  return BigInt((rows[0] as { xmax: string }).xmax);
}

/**
 * PostgreSQL: how many transactions since `since` (nextTransactionId's answer, taken before)
 * wrote the rows the `tables` hold now: the distinct xmin of their live rows. Unlike the server's
 * count of transaction ids, another writer on the server (the app's own heartbeat, another
 * database) does not add to it. (A row written and deleted again is not seen: its xmin left with it.)
 */
export async function writingTransactions(db: Kysely<any>, tables: readonly string[], since: bigint): Promise<number> {
  const selects = tables.map(
    (table) =>
      sql`select xmin::text as xid from ${sql.table(table)} where xmin::text::bigint >= ${(since % 2n ** 32n).toString()}::bigint`,
  );
  const { rows } = await sql<{
    n: string;
  }>`select count(distinct xid) as n from (${sql.join(selects, sql` union all `)}) as written`.execute(db);
  return Number((rows[0] as { n: string }).n);
}

/** How many rows a table holds, per value of `column` (as numbers). */
export async function rowCountsBy(db: Kysely<any>, table: string, column: string): Promise<Map<number, number>> {
  const { rows } = await sql<{
    key: string | number;
    n: string | number;
  }>`select ${sql.ref(column)} as key, count(*) as n from ${sql.table(table)} group by ${sql.ref(column)}`.execute(db);
  return new Map(rows.map((row) => [Number(row.key), Number(row.n)]));
}

export async function rowCount(db: Kysely<any>, table: string): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number((rows[0] as { n: string | number }).n);
}
