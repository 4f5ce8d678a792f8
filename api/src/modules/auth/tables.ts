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
  /** 'steam' or 'discord': how the session signed in. */
  sign_in_method: string;
  /** 'totp', 'recovery' or 'passkey': the last second factor proved on this session. */
  second_factor_method: string | null;
  /** When it was proved (step-up reads this); null = never. */
  second_factor_at: number | null;
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

export interface TotpFactorsTable {
  user_id: string;
  /** Base32; a code can only be checked against the secret itself. */
  secret: string;
  /** Null while enrolment waits for the first code. */
  confirmed_at: number | null;
  /** The newest 30 s step a code was accepted for (replays are refused). */
  last_used_step: number;
  created_at: number;
}

export interface RecoveryCodesTable {
  /** sha256 of the normalised code. */
  code_hash: string;
  user_id: string;
  used_at: number | null;
  created_at: number;
}

export interface PasskeysTable {
  /** Credential id, base64url. */
  id: string;
  user_id: string;
  name: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON array of transports the authenticator named. */
  transports: string;
  created_at: number;
  last_used: number | null;
}

export interface WebauthnChallengesTable {
  session_id: string;
  purpose: string;
  challenge: string;
  expires_at: number;
}

export interface AuthTables {
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  sessions: SessionsTable;
  openid_nonces: OpenidNoncesTable;
  api_keys: ApiKeysTable;
  provider_links: ProviderLinksTable;
}
