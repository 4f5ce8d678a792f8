import { createHash, randomBytes } from 'node:crypto';

/**
 * What each secret token Outpost issues is for, written into the token as its prefix
 * (issue 31 item 11: a token minted for one action must never be accepted for another).
 * Every issuer calls issueToken(purpose) and every verifier tokenHashFor(purpose, token),
 * which refuses a token carrying any other purpose before a table is even looked at.
 * No prefix is the start of another, so a token has exactly one purpose.
 */
export const TOKEN_PURPOSES = {
  session: 'opse_',
  apiKey: 'opk_',
  gameServer: 'opgs_',
  calendarFeed: 'opcf_',
  setup: 'opsu_',
  steamSignIn: 'opst_',
} as const;
export type TokenPurpose = keyof typeof TOKEN_PURPOSES;

/**
 * Purposes whose tokens were issued without a prefix before purposes existed, and which may
 * still be live in a database (a session cookie, a subscribed calendar's URL) or chosen by the
 * operator (OUTPOST_SETUP_TOKEN): a token with no known prefix is accepted there, and only there.
 * API keys and game-server tokens always had their prefix, so they never accept a bare token.
 */
const UNPREFIXED_ALLOWED: ReadonlySet<TokenPurpose> = new Set(['session', 'calendarFeed', 'setup']);

const LONGEST_TOKEN = 300;

/** A new random 256-bit secret for the purpose, URL-safe, its purpose as its prefix. */
export function issueToken(purpose: TokenPurpose): string {
  return `${TOKEN_PURPOSES[purpose]}${randomBytes(32).toString('base64url')}`;
}

/** The purpose a token was issued for, read from its prefix; null for a bare (legacy or operator) token. */
export function purposeOf(token: string): TokenPurpose | null {
  for (const [purpose, prefix] of Object.entries(TOKEN_PURPOSES) as [TokenPurpose, string][])
    if (token.startsWith(prefix)) return purpose;
  return null;
}

/** True when the token may be presented for this purpose (its own prefix, or a bare token where those were issued). */
export function tokenFitsPurpose(purpose: TokenPurpose, token: string): boolean {
  if (token.length === 0 || token.length > LONGEST_TOKEN) return false;
  const carried = purposeOf(token);
  return carried === purpose || (carried === null && UNPREFIXED_ALLOWED.has(purpose));
}

/**
 * The stored hash to look a presented token up by, or null when the token is not for this
 * purpose (refuse it then, as an unknown token). The one door every verifier goes through.
 */
export function tokenHashFor(purpose: TokenPurpose, token: string): string | null {
  return tokenFitsPurpose(purpose, token) ? hashToken(token) : null;
}

/** Secrets are stored only as this hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Short random ids for rows that appear in URLs. */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}
