/** A random 256-bit secret, URL-safe: session cookies and API keys. */
export declare function newSecretToken(): string;
/** Secrets are stored only as this hash. */
export declare function hashToken(token: string): string;
/** Short random ids for rows that appear in URLs. */
export declare function newId(): string;
