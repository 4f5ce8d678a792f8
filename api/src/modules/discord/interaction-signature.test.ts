import { sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ed25519Pair } from '../../test-support/fakes/fake-discord-bot';
import { SIGNATURE_WINDOW_S, signatureProblem } from './interaction-signature';

// Property test: a signature holds for exactly the body, timestamp and key it was made with.
// Every tampering (one byte of the body, the timestamp, the key, the signature) is refused.

const NOW = 1_800_000_000;
const app = ed25519Pair();
const other = ed25519Pair();
const signed = (body: string, timestamp = String(NOW), key = app.privateKey) => ({
  body,
  timestamp,
  signature: sign(null, Buffer.from(timestamp + body), key).toString('hex'),
});

/** A deterministic pseudo-random generator: the same cases every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('signatureProblem', () => {
  it('holds for the body, timestamp and key signed, in either hex case', () => {
    const request = signed('{"type":1}');
    expect(signatureProblem(app.publicKeyHex, request, NOW)).toBeNull();
    expect(
      signatureProblem(app.publicKeyHex.toUpperCase(), { ...request, signature: request.signature.toUpperCase() }, NOW),
    ).toBeNull();
  });

  it('refuses every one-character change of 300 random bodies', () => {
    const next = random(7);
    for (let round = 0; round < 300; round++) {
      const length = 1 + Math.floor(next() * 400);
      const body = Array.from({ length }, () => String.fromCharCode(32 + Math.floor(next() * 95))).join('');
      const request = signed(body);
      expect(signatureProblem(app.publicKeyHex, request, NOW)).toBeNull();
      const at = Math.floor(next() * length);
      const changed = String.fromCharCode(((body.charCodeAt(at) - 32 + 1 + Math.floor(next() * 93)) % 95) + 32);
      const tampered = body.slice(0, at) + changed + body.slice(at + 1);
      expect(signatureProblem(app.publicKeyHex, { ...request, body: tampered }, NOW)).toBe(
        'The signature does not match',
      );
      // Added or cut bytes too.
      expect(signatureProblem(app.publicKeyHex, { ...request, body: `${body} ` }, NOW)).not.toBeNull();
      expect(signatureProblem(app.publicKeyHex, { ...request, body: body.slice(1) }, NOW)).not.toBeNull();
    }
  });

  it('refuses a changed timestamp, another key, a flipped signature bit, and a stale or future signature', () => {
    const request = signed('{"type":2,"data":{"name":"lookup"}}');
    expect(signatureProblem(app.publicKeyHex, { ...request, timestamp: String(NOW + 1) }, NOW + 1)).toBe(
      'The signature does not match',
    );
    expect(signatureProblem(other.publicKeyHex, request, NOW)).toBe('The signature does not match');
    expect(signatureProblem(app.publicKeyHex, signed(request.body, String(NOW), other.privateKey), NOW)).toBe(
      'The signature does not match',
    );
    for (let bit = 0; bit < 512; bit += 37) {
      const bytes = Buffer.from(request.signature, 'hex');
      bytes[bit >> 3] = (bytes[bit >> 3] as number) ^ (1 << (bit & 7));
      expect(signatureProblem(app.publicKeyHex, { ...request, signature: bytes.toString('hex') }, NOW)).not.toBeNull();
    }
    const old = signed(request.body, String(NOW - SIGNATURE_WINDOW_S - 1));
    expect(signatureProblem(app.publicKeyHex, old, NOW)).toBe('The signature is too old or too new');
    const future = signed(request.body, String(NOW + SIGNATURE_WINDOW_S + 1));
    expect(signatureProblem(app.publicKeyHex, future, NOW)).toBe('The signature is too old or too new');
    expect(signatureProblem(app.publicKeyHex, signed(request.body, String(NOW - SIGNATURE_WINDOW_S)), NOW)).toBeNull();
  });

  it('refuses missing and malformed parts, and a key that is not set or not a key', () => {
    const request = signed('{}');
    const cases: [string, Parameters<typeof signatureProblem>[1]][] = [
      ['no signature', { ...request, signature: undefined }],
      ['no timestamp', { ...request, timestamp: undefined }],
      ['short signature', { ...request, signature: request.signature.slice(2) }],
      ['non-hex signature', { ...request, signature: `zz${request.signature.slice(2)}` }],
      ['timestamp with letters', { ...request, timestamp: `${NOW}a` }],
      ['negative timestamp', { ...request, timestamp: `-${NOW}` }],
      ['timestamp in ms', { ...request, timestamp: `${NOW}000` }],
    ];
    for (const [name, shape] of cases) expect(signatureProblem(app.publicKeyHex, shape, NOW), name).not.toBeNull();
    expect(signatureProblem('', request, NOW)).toBe('The application public key is not set');
    expect(signatureProblem('ab'.repeat(31), request, NOW)).toBe('The application public key is not set');
    // 32 bytes that are not a valid curve point verify nothing (and never throw).
    expect(signatureProblem('ff'.repeat(32), request, NOW)).not.toBeNull();
  });
});
