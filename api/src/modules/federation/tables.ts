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

export interface FederationFeedTable {
  seq: number;
  entry_id: string;
  action: 'ban' | 'update' | 'lift';
  kind: 'ban' | 'mute' | 'gag' | 'silence';
  steamid: string;
  category: string;
  length: number | null;
  created_at: number;
  expires_at: number | null;
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

export interface FederationTables {
  federation_keys: FederationKeysTable;
  federation_feed: FederationFeedTable;
  federation_published: FederationPublishedTable;
}
