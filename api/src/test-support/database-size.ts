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

/** PostgreSQL: the next transaction id it will assign (reading it assigns none; only a writing transaction takes one). */
export async function nextTransactionId(db: Kysely<any>): Promise<bigint> {
  const { rows } = await sql<{ xmax: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`.execute(
    db,
  );
  return BigInt((rows[0] as { xmax: string }).xmax);
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
