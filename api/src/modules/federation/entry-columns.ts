import type { FederationCategory, FederationEntry } from '@outpost/contracts';
import type { EntryColumns } from './tables';

// An entry's fields as columns and back: what a published entry (federation_feed) and a
// received one (federation_received) store alike.

type EntryFields = Pick<
  FederationEntry,
  'entryId' | 'kind' | 'steamid' | 'category' | 'length' | 'createdAt' | 'expiresAt'
>;

/** The shared columns of an entry's row. */
export const entryColumns = (entry: EntryFields): EntryColumns => ({
  entry_id: entry.entryId,
  kind: entry.kind,
  steamid: entry.steamid,
  category: entry.category,
  length: entry.length,
  created_at: entry.createdAt,
  expires_at: entry.expiresAt,
});

/** An entry's public state read back from its row (numbers as numbers, whatever the driver gives). */
export const entryStateOf = (row: Omit<EntryColumns, 'entry_id'>) => ({
  kind: row.kind,
  steamid: row.steamid,
  category: row.category as FederationCategory,
  length: row.length === null ? null : Number(row.length),
  createdAt: Number(row.created_at),
  expiresAt: row.expires_at === null ? null : Number(row.expires_at),
});
