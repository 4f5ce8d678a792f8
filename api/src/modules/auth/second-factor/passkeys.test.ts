import { secondFactorStatusSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageProof } from '../../../test-support/second-factor';
import { SoftwareAuthenticator } from '../../../test-support/software-authenticator';
import { type SignedIn, signInAs, startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

// Passkeys with a software authenticator (real P-256 keys, real attestation and assertions):
// enrolment, step-up, and the answers that must be refused.

describe.each(testDatabases())('passkeys on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const post = (who: SignedIn, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload });

  async function addPasskey(who: SignedIn, key: SoftwareAuthenticator, name = 'Laptop') {
    const options = (await post(who, '/api/auth/second-factor/passkeys/options')).json();
    return post(who, '/api/auth/second-factor/passkeys', { name, response: key.attest(options) });
  }
  async function proveWith(who: SignedIn, key: SoftwareAuthenticator, tamper = {}) {
    const options = await post(who, '/api/auth/step-up/passkey/options');
    if (options.statusCode !== 200) return options;
    return post(who, '/api/auth/step-up/passkey', { response: key.assert(options.json(), tamper) });
  }

  it('enrols a passkey from a real attestation; it brings recovery codes and proves the session', async () => {
    const me = await signInAs(t, { name: 'Passkey person' });
    const key = new SoftwareAuthenticator(TEST_PUBLIC_URL);
    const options = (await post(me, '/api/auth/second-factor/passkeys/options')).json();
    expect(options.rp).toEqual({ id: 'outpost.test', name: 'Outpost' });
    const added = await post(me, '/api/auth/second-factor/passkeys', { name: 'Laptop', response: key.attest(options) });
    expect(added.statusCode).toBe(200);
    expect(added.json().recoveryCodes).toHaveLength(10);
    const status = secondFactorStatusSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/auth/second-factor', headers: me.headers })).json(),
    );
    expect(status).toMatchObject({ totp: false, enrolled: true, recoveryCodesLeft: 10 });
    expect(status.passkeys).toEqual([expect.objectContaining({ id: key.id, name: 'Laptop', lastUsed: null })]);

    await ageProof(t, me.userId, null);
    const proved = await proveWith(me, key);
    expect(proved.statusCode).toBe(200);
    expect(proved.json().method).toBe('passkey');
    const sessions = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: me.headers });
    expect(sessions.json().sessions[0]).toMatchObject({
      signInMethod: 'steam',
      secondFactor: { method: 'passkey', at: expect.any(Number) },
    });
  });

  it('refuses a replayed challenge, another origin, a stale counter, a wrong challenge and a stranger’s key', async () => {
    const me = await signInAs(t, {});
    const key = new SoftwareAuthenticator(TEST_PUBLIC_URL);
    expect((await addPasskey(me, key)).statusCode).toBe(200);

    // One answer per challenge: the same signed answer sent twice is refused the second time.
    const options = (await post(me, '/api/auth/step-up/passkey/options')).json();
    const answer = key.assert(options);
    expect((await post(me, '/api/auth/step-up/passkey', { response: answer })).statusCode).toBe(200);
    expect((await post(me, '/api/auth/step-up/passkey', { response: answer })).statusCode).toBe(400);

    // A cloned authenticator shows itself by a counter that did not grow.
    expect((await proveWith(me, key, { keepCounter: true })).statusCode).toBe(400);
    expect((await proveWith(me, key, { origin: 'https://evil.example' })).statusCode).toBe(400);
    expect((await proveWith(me, key, { challenge: 'AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(400);
    expect((await proveWith(me, key)).statusCode).toBe(200);

    // Someone else's passkey does not prove my session, nor mine theirs.
    const other = await signInAs(t, {});
    const theirs = new SoftwareAuthenticator(TEST_PUBLIC_URL);
    expect((await addPasskey(other, theirs)).statusCode).toBe(200);
    expect((await proveWith(me, theirs)).statusCode).toBe(400);
    // A registration answer made for another site, or without options, is refused.
    const foreign = new SoftwareAuthenticator('https://evil.example');
    expect((await addPasskey(me, foreign)).statusCode).toBe(400);
    const noOptions = await post(me, '/api/auth/second-factor/passkeys', {
      response: new SoftwareAuthenticator(TEST_PUBLIC_URL).attest({ challenge: 'AAAA' }),
    });
    expect(noOptions.statusCode).toBe(400);
    for (const response of [{}, { id: 'x' }, { id: '!!', rawId: '!!', type: 'public-key', response: {} }]) {
      expect((await post(me, '/api/auth/step-up/passkey', { response })).statusCode).toBe(400);
    }
  });

  it('removing a passkey needs a step-up; the last one takes the recovery codes with it', async () => {
    const me = await signInAs(t, {});
    const key = new SoftwareAuthenticator(TEST_PUBLIC_URL);
    const { recoveryCodes } = (await addPasskey(me, key)).json();
    // A second passkey when one exists needs a fresh proof, like every factor change.
    await ageProof(t, me.userId, 15);
    const second = new SoftwareAuthenticator(TEST_PUBLIC_URL);
    const refused = await post(me, '/api/auth/second-factor/passkeys/options');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('STEP_UP_REQUIRED');
    expect((await proveWith(me, key)).statusCode).toBe(200);
    expect((await addPasskey(me, second, 'Phone')).json().recoveryCodes).toEqual([]);

    const remove = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/auth/second-factor/passkeys/${id}`, headers: me.headers });
    const stranger = await signInAs(t, {});
    const theirs = new SoftwareAuthenticator(TEST_PUBLIC_URL);
    await addPasskey(stranger, theirs);
    expect((await remove(theirs.id)).statusCode).toBe(404);
    expect((await remove(second.id)).statusCode).toBe(204);
    expect((await remove(key.id)).statusCode).toBe(204);
    const left = await t.database.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', me.userId)
      .execute();
    expect(left).toEqual([]);
    expect(recoveryCodes).toHaveLength(10);
    const lines = await t.database.db
      .selectFrom('log_entries')
      .select('message')
      .where('client', '=', me.userId)
      .execute();
    expect(lines.map((line) => line.message)).toEqual(
      expect.arrayContaining(['second factor: added a passkey (Laptop)', 'second factor: removed a passkey']),
    );
  });
});
