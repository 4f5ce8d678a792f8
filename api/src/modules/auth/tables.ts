// Row types of the tables the auth module owns. db/schema.ts composes them into Database;
// other modules reach these rows only through auth's door.

export interface SessionsTable {
  id: string;
  /** sha256 of the cookie token: a stolen database holds no usable session. */
  token_hash: string;
  user_id: string;
  ip: string;
  country_code: string;
  login_time: number;
  last_active: number;
  impersonating_user_id: string | null;
}

export interface OpenidNoncesTable {
  nonce_hash: string;
  expires_at: number;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  /** sha256 of the key: the key itself is shown once and never stored. */
  key_hash: string;
  created_at: number;
  last_used: number | null;
}

export interface ProviderLinksTable {
  user_id: string;
  /** 'discord'. */
  provider: string;
  provider_user_id: string;
  username: string;
  avatar_url: string | null;
  /** Never selected into a response. */
  access_token: string;
  refresh_token: string | null;
  expires_at: number;
  /** 1 once a refresh failed: the user must link again. */
  expired: number;
  created_at: number;
}

export interface AuthTables {
  sessions: SessionsTable;
  openid_nonces: OpenidNoncesTable;
  api_keys: ApiKeysTable;
  provider_links: ProviderLinksTable;
}
