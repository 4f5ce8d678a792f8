import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolTotp } from '../../../test-support/second-factor';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

// Fuzz: whatever body reaches the second-factor endpoints, the answer is a 4xx {error, message}
// or a success, never a 500, and nothing is enrolled or proved by it.

const ENDPOINTS: Array<{ method: 'POST' | 'PUT'; url: string }> = [
  { method: 'POST', url: '/api/auth/second-factor/totp/confirm' },
  { method: 'POST', url: '/api/auth/second-factor/passkeys' },
  { method: 'POST', url: '/api/auth/step-up' },
  { method: 'POST', url: '/api/auth/step-up/passkey' },
  { method: 'PUT', url: '/api/auth/second-factor/policy' },
];

/** Bodies shaped like the real ones, with hostile values, and plain garbage. */
const body = fc.oneof(
  fc.jsonValue(),
  fc.record({ method: fc.constantFrom('totp', 'recovery', 'passkey', '__proto__'), code: fc.string() }),
  fc.record({ code: fc.oneof(fc.string(), fc.stringMatching(/^\d{6}$/), fc.integer()) }),
  fc.record({
    name: fc.oneof(fc.string(), fc.constant(undefined)),
    response: fc.record({
      id: fc.base64String(),
      rawId: fc.string(),
      type: fc.constantFrom('public-key', 'x'),
      response: fc.dictionary(
        fc.constantFrom('clientDataJSON', 'attestationObject', 'authenticatorData', 'signature'),
        fc.base64String(),
      ),
    }),
  }),
  fc.record({ requiredRoleIds: fc.array(fc.string(), { maxLength: 5 }) }),
);

describe.each(testDatabases())('second-factor endpoints under fuzz on $name', (kind) => {
  let t: TestApp;
  let me: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    me = await signInAs(t, { flags: 'z', immunity: 100 });
    await enrolTotp(t, me);
  });
  afterAll(async () => t?.close());

  it('answers every body with a 2xx or a 4xx {error, message}, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), body, async (endpoint, payload) => {
        const response = await t.app.inject({
          method: endpoint.method,
          url: endpoint.url,
          headers: { ...me.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
        }
      }),
      { numRuns: 150 },
    );
    const passkeys = await t.database.db.selectFrom('passkeys').select('id').execute();
    expect(passkeys).toEqual([]);
  });
});
