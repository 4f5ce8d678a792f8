import { type Kysely, sql } from 'kysely';
import type { AuditTables } from './tables';

/**
 * Chat lines a player wrote per UTC day (integer day = timestamp / 86400) in [from, to): one
 * GROUP BY over the (client, timestamp) index, the same on SQLite and PostgreSQL (bigint division).
 */
export async function chatLinesPerDay(
  db: Kysely<AuditTables>,
  steamid: string,
  from: number,
  to: number,
): Promise<Array<{ day: number; count: number }>> {
  const day = sql<number>`${sql.ref('timestamp')} / 86400`;
  const rows = await db
    .selectFrom('log_entries')
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('client', '=', steamid)
    .where('type', '=', 'CHAT')
    .where('timestamp', '>=', from)
    .where('timestamp', '<', to)
    .groupBy(day)
    .execute();
  // PostgreSQL answers bigint and count as strings.
  return rows.map((r) => ({ day: Number(r.day), count: Number(r.count) }));
}
