import { createPublicKey, type KeyObject, verify } from 'node:crypto';

// Discord signs every interaction it sends (Ed25519 over timestamp + raw body, with the
// application's key); an endpoint must refuse any request whose signature does not hold,
// or Discord refuses to use it. A timestamp older (or newer) than five minutes is refused
// too, so a captured interaction cannot be replayed later.

/** How far an interaction's timestamp may be from now (seconds). */
export const SIGNATURE_WINDOW_S = 300;

// The DER prefix of an Ed25519 SubjectPublicKeyInfo: Discord gives the raw 32-byte key in hex.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const HEX_KEY = /^[0-9a-f]{64}$/i;
const HEX_SIGNATURE = /^[0-9a-f]{128}$/i;
const TIMESTAMP = /^\d{1,12}$/;

/** Whether `hex` is an application public key as Discord shows it (64 hex digits). */
export function isPublicKeyHex(hex: string): boolean {
  return HEX_KEY.test(hex);
}

const keys = new Map<string, KeyObject>();

function publicKeyOf(hex: string): KeyObject {
  let key = keys.get(hex);
  if (!key) {
    key = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]),
      format: 'der',
      type: 'spki',
    });
    if (keys.size > 16) keys.clear();
    keys.set(hex, key);
  }
  return key;
}

export interface SignedRequest {
  signature: string | undefined;
  timestamp: string | undefined;
  body: string;
}

/** Why a request's signature does not hold, or null when it does. */
export function signatureProblem(publicKeyHex: string, request: SignedRequest, nowSeconds: number): string | null {
  const { signature, timestamp, body } = request;
  if (!signature || !timestamp) return 'The request is not signed';
  if (!HEX_SIGNATURE.test(signature) || !TIMESTAMP.test(timestamp)) return 'The signature is malformed';
  if (Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_WINDOW_S) return 'The signature is too old or too new';
  if (!isPublicKeyHex(publicKeyHex)) return 'The application public key is not set';
  let holds = false;
  try {
    holds = verify(
      null,
      Buffer.from(timestamp + body, 'utf8'),
      publicKeyOf(publicKeyHex),
      Buffer.from(signature, 'hex'),
    );
  } catch {
    holds = false; // a key that is not a point on the curve verifies nothing
  }
  return holds ? null : 'The signature does not match';
}
