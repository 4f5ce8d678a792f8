import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import type { FederationEntry } from '@outpost/contracts';

// The feed's chain (issue 29). Each entry's hash covers the site, the hash before it and its
// own fields; the site signs each hash. So a page of entries is verified by recomputing the
// chain from the hash the subscriber already trusts and checking one signature, the last
// (it vouches for every hash before it): a thousand entries cost a thousand sha256 and one
// Ed25519 verify, not a thousand verifies (about 90 µs each on these machines).

/** The `prev` of a feed's first entry. */
export const GENESIS = '0'.repeat(64);
const SIGNED_PREFIX = 'outpost-federation-v1:';

export type EntryFields = Omit<FederationEntry, 'hash' | 'signature'>;

/** The hash of an entry: sha256 over a fixed-order array, so no field can move or hide. */
export function entryHash(site: string, entry: EntryFields): string {
  const canonical = JSON.stringify([
    site,
    entry.prev,
    entry.seq,
    entry.entryId,
    entry.action,
    entry.kind,
    entry.steamid,
    entry.category,
    entry.length,
    entry.createdAt,
    entry.expiresAt,
    entry.liftedAt,
    entry.publishedAt,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export function signHash(hash: string, privateKey: KeyObject): string {
  return sign(null, Buffer.from(SIGNED_PREFIX + hash), privateKey).toString('base64url');
}

export function signatureHolds(hash: string, signature: string, publicKey: KeyObject): boolean {
  const bytes = Buffer.from(signature, 'base64url');
  if (bytes.length !== 64) return false;
  return verify(null, Buffer.from(SIGNED_PREFIX + hash), publicKey, bytes);
}

/** An Ed25519 public key from its raw 32 bytes (base64url), or null when it is not one. */
export function publicKeyFromRaw(raw: string): KeyObject | null {
  const bytes = Buffer.from(raw, 'base64url');
  if (bytes.length !== 32 || bytes.toString('base64url') !== raw) return null;
  try {
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw }, format: 'jwk' });
  } catch {
    return null;
  }
}

/** The raw public key (base64url) of a key pair's public half. */
export function rawPublicKey(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('Not an Ed25519 key');
  return jwk.x;
}

/** sha256 of the raw public key, hex in groups of four (what two owners read to each other). */
export function fingerprintOf(rawKey: string): string {
  const hex = createHash('sha256').update(Buffer.from(rawKey, 'base64url')).digest('hex');
  return hex.match(/.{4}/g)?.join(':') ?? hex;
}

export type PageVerdict = { ok: true; lastSeq: number; lastHash: string } | { ok: false; reason: string };

/**
 * Verifies a page of a feed against what the subscriber already holds (the seq and hash of the
 * last entry it took; 0 and GENESIS at first). Refuses the page whole on the first fault, saying
 * which: an entry out of order, a chain that does not hold, a signature that does not.
 */
export function verifyPage(
  site: string,
  entries: readonly FederationEntry[],
  held: { seq: number; hash: string },
  publicKey: KeyObject,
): PageVerdict {
  let seq = held.seq;
  let hash = held.hash;
  for (const entry of entries) {
    if (entry.seq !== seq + 1) {
      return { ok: false, reason: `Entry ${entry.seq} came where entry ${seq + 1} was due: the feed is out of order` };
    }
    if (entry.prev !== hash) {
      return { ok: false, reason: `Entry ${entry.seq} does not follow the entry before it: the chain is broken` };
    }
    const computed = entryHash(site, entry);
    if (computed !== entry.hash) {
      return { ok: false, reason: `Entry ${entry.seq} was changed after it was signed: its hash does not hold` };
    }
    seq = entry.seq;
    hash = computed;
  }
  const last = entries.at(-1);
  if (last && !signatureHolds(last.hash, last.signature, publicKey)) {
    return { ok: false, reason: `Entry ${last.seq}'s signature does not hold for the pinned key` };
  }
  return { ok: true, lastSeq: seq, lastHash: hash };
}
