// Tables the federation module owns (composed into Database in db/schema.ts). Issue 29.

export interface FederationKeysTable {
  id: string;
  /** Raw Ed25519 public key, base64url. */
  public_key: string;
  /** PKCS#8 PEM: signs the feed; never read by a route. */
  private_key: string;
  created_at: number;
  /** When another key replaced it; null for the key in use. */
  retired_at: number | null;
}

/** The columns a published and a received entry share (entry-columns.ts reads and writes them). */
export interface EntryColumns {
  entry_id: string;
  kind: 'ban' | 'mute' | 'gag' | 'silence';
  steamid: string;
  category: string;
  length: number | null;
  created_at: number;
  expires_at: number | null;
}

export interface FederationFeedTable extends EntryColumns {
  seq: number;
  action: 'ban' | 'update' | 'lift';
  lifted_at: number | null;
  published_at: number;
  prev: string;
  hash: string;
  signature: string;
}

export interface FederationPublishedTable {
  entry_id: string;
  state: string;
  /** 1 when the last entry published of it was a lift. */
  lifted: number;
  seq: number;
}

export interface FederationSubscriptionsTable {
  id: string;
  site: string;
  name: string;
  public_key: string | null;
  fingerprint: string;
  /** JSON array of categories taken. */
  categories: string;
  mode: 'apply' | 'review';
  state: 'active' | 'paused' | 'refused' | 'key-changed';
  problem: string | null;
  appeals: string | null;
  held_seq: number;
  held_hash: string;
  etag: string | null;
  failures: number;
  next_poll_at: number;
  claim_until: number;
  last_polled_at: number | null;
  created_at: number;
}

export interface FederationReceivedTable extends EntryColumns {
  subscription_id: string;
  status: 'pending' | 'applied' | 'rejected' | 'excepted' | 'lifted';
  ban_id: number | null;
  seq: number;
  received_at: number;
}

export interface FederationExceptionsTable {
  steamid: string;
  reason: string;
  created_by_id: string | null;
  created_by_name: string | null;
  created_at: number;
}

export interface FederationTables {
  federation_subscriptions: FederationSubscriptionsTable;
  federation_received: FederationReceivedTable;
  federation_exceptions: FederationExceptionsTable;
  federation_keys: FederationKeysTable;
  federation_feed: FederationFeedTable;
  federation_published: FederationPublishedTable;
}
