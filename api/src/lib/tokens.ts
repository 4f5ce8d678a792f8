import { createHash, randomBytes } from 'node:crypto';

/** A random 256-bit secret, URL-safe: session cookies and API keys. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as this hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Short random ids for rows that appear in URLs. */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}
