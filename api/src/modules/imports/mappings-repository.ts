import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import type { ImportsTables } from './tables';

// Source row -> Outpost row, per outside database and kind of row: what makes a second
// import run bring only what is new.

type Db = Kysely<ImportsTables>;

/** Every mapping of one kind: source id -> Outpost id (small kinds: servers, roles, admins). */
export async function mappingsOf(db: Db, source: string, kind: string): Promise<Map<number, string | null>> {
  const rows = await db
    .selectFrom('import_mappings')
    .select(['source_id', 'target_id'])
    .where('source', '=', source)
    .where('kind', '=', kind)
    .execute();
  return new Map(rows.map((row) => [Number(row.source_id), row.target_id]));
}

/** The mappings of one kind whose source ids lie in [from, to] (one batch of a large kind). */
export async function mappingsInRange(
  db: Db,
  source: string,
  kind: string,
  from: number,
  to: number,
): Promise<Map<number, string | null>> {
  const rows = await db
    .selectFrom('import_mappings')
    .select(['source_id', 'target_id'])
    .where('source', '=', source)
    .where('kind', '=', kind)
    .where('source_id', '>=', from)
    .where('source_id', '<=', to)
    .execute();
  return new Map(rows.map((row) => [Number(row.source_id), row.target_id]));
}

/** 5 values a row: 5,000 rows (25,000 values) stay inside SQLite's and PostgreSQL's bind limits. */
const ROWS_PER_STATEMENT = 5000;

export async function recordMappings(
  db: Db,
  source: string,
  kind: string,
  pairs: readonly (readonly [number, string | null])[],
): Promise<void> {
  const now = nowSeconds();
  for (let start = 0; start < pairs.length; start += ROWS_PER_STATEMENT) {
    await db
      .insertInto('import_mappings')
      .values(
        pairs.slice(start, start + ROWS_PER_STATEMENT).map(([sourceId, targetId]) => ({
          source,
          kind,
          source_id: sourceId,
          target_id: targetId,
          imported_at: now,
        })),
      )
      .execute();
  }
}
