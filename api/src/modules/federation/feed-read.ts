import type { FederationEntry } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import type { FederationTables } from './tables';

// Reading the feed (issue 29): a page of entries after a seq, oldest first; PostgreSQL answers
// bigint columns as strings, so every number read goes through Number().

const num = (value: number | string | null) => (value === null ? null : Number(value));

export async function feedPage(
  db: Kysely<FederationTables>,
  since: number,
  limit: number,
): Promise<{ entries: FederationEntry[]; head: number }> {
  const [rows, head] = await Promise.all([
    db.selectFrom('federation_feed').selectAll().where('seq', '>', since).orderBy('seq').limit(limit).execute(),
    feedHeadSeq(db),
  ]);
  const entries = rows.map((row) => ({
    seq: Number(row.seq),
    entryId: row.entry_id,
    action: row.action,
    kind: row.kind,
    steamid: row.steamid,
    category: row.category as FederationEntry['category'],
    length: num(row.length),
    createdAt: Number(row.created_at),
    expiresAt: num(row.expires_at),
    liftedAt: num(row.lifted_at),
    publishedAt: Number(row.published_at),
    prev: row.prev,
    hash: row.hash,
    signature: row.signature,
  }));
  return { entries, head };
}

export async function feedHeadSeq(db: Kysely<FederationTables>): Promise<number> {
  const row = await db.selectFrom('federation_feed').select('seq').orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return row ? Number(row.seq) : 0;
}
