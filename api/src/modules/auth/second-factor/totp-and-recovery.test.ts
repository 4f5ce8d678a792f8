import { secondFactorStatusSchema, totpSetupSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import { openDatabase } from '../../../db/database';
import { ageProof, appCode, enrolTotp } from '../../../test-support/second-factor';
import { type SignedIn, signInAs, startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

// Issue 31 items 1, 2 and 4: TOTP enrolment, codes used once (also by two instances at once),
// recovery codes, and the audit lines they leave.

describe.each(testDatabases())('TOTP and recovery codes on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const status = async (who: SignedIn) =>
    secondFactorStatusSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/auth/second-factor', headers: who.headers })).json(),
    );
  const stepUp = (who: SignedIn, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/step-up', headers: who.headers, payload: payload as object });
  const auditLines = async (userId: string) =>
    (await t.database.db.selectFrom('log_entries').select('message').where('client', '=', userId).execute()).map(
      (row) => row.message,
    );

  it('enrols with an otpauth:// URI and a QR code, confirmed by a code; ten hashed recovery codes once', async () => {
    const me = await signInAs(t, { name: 'Ana: staff' });
    expect(await status(me)).toMatchObject({ totp: false, enrolled: false, recoveryCodesLeft: 0, stepUpUntil: null });
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/totp/setup',
      headers: me.headers,
    });
    const { secret, uri, qrCode } = totpSetupSchema.parse(setup.json());
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(parsed.searchParams.get('period')).toBe('30');
    expect(parsed.searchParams.get('digits')).toBe('6');
    expect(decodeURIComponent(parsed.pathname)).toContain('Ana  staff');
    expect(Buffer.from(qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');

    // Not enrolled until a code from the new secret is confirmed; wrong shapes are refused.
    for (const code of ['000000', '12345', 'abcdef', '1234567', '']) {
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/second-factor/totp/confirm',
        headers: me.headers,
        payload: { code },
      });
      expect(wrong.statusCode).toBe(400);
    }
    expect((await status(me)).enrolled).toBe(false);
    const spaced = appCode(secret).replace(/^(\d{3})/, '$1 ');
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/totp/confirm',
      headers: me.headers,
      payload: { code: spaced },
    });
    expect(confirm.statusCode).toBe(200);
    const codes: string[] = confirm.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = JSON.stringify(await t.database.db.selectFrom('recovery_codes').selectAll().execute());
    for (const code of codes) expect(stored).not.toContain(code);

    const after = await status(me);
    expect(after).toMatchObject({ totp: true, enrolled: true, recoveryCodesLeft: 10 });
    expect(after.stepUpUntil).toBeGreaterThan(Date.now() / 1000 + 9 * 60);
    // A second setup is refused while one is confirmed (remove it first).
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/totp/setup',
      headers: me.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(await auditLines(me.userId)).toContain('second factor: enrolled an authenticator app (TOTP)');
  });

  it('accepts a code once: the same code, an older step and a code already used are refused', async () => {
    const me = await signInAs(t, {});
    const { secret } = await enrolTotp(t, me);
    // The enrolment used this step's code: replaying it, or the step before, fails.
    expect((await stepUp(me, { method: 'totp', code: appCode(secret) })).statusCode).toBe(400);
    expect((await stepUp(me, { method: 'totp', code: appCode(secret, -1) })).statusCode).toBe(400);
    // The next step's code (clock drift of one step) is accepted, once.
    const next = await stepUp(me, { method: 'totp', code: appCode(secret, 1) });
    expect(next.statusCode).toBe(200);
    expect(next.json()).toMatchObject({ method: 'totp', recoveryCodesLeft: 10 });
    expect((await stepUp(me, { method: 'totp', code: appCode(secret, 1) })).statusCode).toBe(400);
    // Two steps away is outside the window.
    await t.database.db
      .updateTable('totp_factors')
      .set({ last_used_step: 0 })
      .where('user_id', '=', me.userId)
      .execute();
    expect((await stepUp(me, { method: 'totp', code: appCode(secret, 2) })).statusCode).toBe(400);
    expect((await stepUp(me, { method: 'totp', code: appCode(secret, -2) })).statusCode).toBe(400);
    const refusals = (await auditLines(me.userId)).filter((line) => line.includes('step-up refused'));
    expect(refusals.length).toBeGreaterThanOrEqual(5);
  });

  it('two instances on one database accept the same code, and the same recovery code, once between them', async () => {
    const me = await signInAs(t, {});
    const { secret, recoveryCodes } = await enrolTotp(t, me);
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: t.config.DATABASE_URL,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: TEST_PUBLIC_URL,
      WEB_ROOT: 'none',
      STEAM_STATUS_URL: 'none',
      POLLER_ENABLED: 'false',
    });
    const database = openDatabase(config.DATABASE_URL);
    const other = await buildApp({ config, database });
    await other.ready();
    try {
      const code = appCode(secret, 1);
      const tries = await Promise.all(
        [t.app, other, t.app, other].map((app) =>
          app.inject({
            method: 'POST',
            url: '/api/auth/step-up',
            headers: me.headers,
            payload: { method: 'totp', code },
          }),
        ),
      );
      expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
      // A recovery code too: sent to both instances at once, in two spellings, it works once.
      const recovery = recoveryCodes[0] as string;
      const spellings = [recovery, recovery.toLowerCase(), recovery.replaceAll('-', ''), recovery];
      const recoveryTries = await Promise.all(
        spellings.map((code, index) =>
          (index % 2 === 0 ? t.app : other).inject({
            method: 'POST',
            url: '/api/auth/step-up',
            headers: me.headers,
            payload: { method: 'recovery', code },
          }),
        ),
      );
      expect(recoveryTries.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
      expect((await status(me)).recoveryCodesLeft).toBe(9);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('recovery codes work once each, in any case and with or without the dash; the use is audited', async () => {
    const me = await signInAs(t, {});
    const { recoveryCodes } = await enrolTotp(t, me);
    const [first, second, third] = recoveryCodes as [string, string, string];
    expect((await stepUp(me, { method: 'recovery', code: first })).json()).toMatchObject({
      method: 'recovery',
      recoveryCodesLeft: 9,
    });
    expect((await stepUp(me, { method: 'recovery', code: first })).statusCode).toBe(400);
    expect((await stepUp(me, { method: 'recovery', code: first.toUpperCase() })).statusCode).toBe(400);
    expect((await stepUp(me, { method: 'recovery', code: second.replace('-', '').toUpperCase() })).statusCode).toBe(
      200,
    );
    expect((await stepUp(me, { method: 'recovery', code: ` ${third.replace('-', ' ')} ` })).statusCode).toBe(200);
    // Someone else's code, a made-up one and bad shapes.
    const other = await signInAs(t, {});
    const theirs = await enrolTotp(t, other);
    expect((await stepUp(me, { method: 'recovery', code: theirs.recoveryCodes[0] })).statusCode).toBe(400);
    const guesser = await signInAs(t, {});
    await enrolTotp(t, guesser);
    for (const code of ['aaaaa-aaaaa', 'short', 'aaaaa-aaaaa-aaaaa', "a'; --aaaa"]) {
      expect((await stepUp(guesser, { method: 'recovery', code })).statusCode).toBe(400);
    }
    for (const payload of [{}, { method: 'sms', code: '123456' }, { method: 'totp' }, { code: '123456' }, []]) {
      expect((await stepUp(guesser, payload)).statusCode).toBe(400);
    }
    // Ten tries a minute per person: a 6-digit code cannot be guessed by trying them all.
    expect((await stepUp(guesser, { method: 'totp', code: '654321' })).statusCode).toBe(400);
    expect((await stepUp(guesser, { method: 'totp', code: '123456' })).statusCode).toBe(429);
    expect((await status(me)).recoveryCodesLeft).toBe(7);
    expect(await auditLines(me.userId)).toContain('second factor: used a recovery code (9 left)');

    // New codes (a dangerous change: it needs a fresh proof) replace every old one.
    await ageProof(t, me.userId, 11);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/recovery-codes',
      headers: me.headers,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('STEP_UP_REQUIRED');
    expect((await stepUp(me, { method: 'recovery', code: recoveryCodes[3] })).statusCode).toBe(200);
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/recovery-codes',
      headers: me.headers,
    });
    expect(renewed.json().recoveryCodes).toHaveLength(10);
    expect((await stepUp(me, { method: 'recovery', code: recoveryCodes[4] })).statusCode).toBe(400);
    expect((await stepUp(me, { method: 'recovery', code: renewed.json().recoveryCodes[0] })).statusCode).toBe(200);
  });

  it('removing the authenticator needs a step-up, drops the recovery codes and is audited', async () => {
    const me = await signInAs(t, {});
    const { recoveryCodes } = await enrolTotp(t, me);
    await ageProof(t, me.userId, 30);
    const remove = () => t.app.inject({ method: 'DELETE', url: '/api/auth/second-factor/totp', headers: me.headers });
    expect((await remove()).statusCode).toBe(401);
    expect((await stepUp(me, { method: 'recovery', code: recoveryCodes[0] })).statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(204);
    expect(await status(me)).toMatchObject({ totp: false, enrolled: false, recoveryCodesLeft: 0 });
    expect((await remove()).statusCode).toBe(404);
    // Nothing left to prove: the step-up endpoint says so.
    expect((await stepUp(me, { method: 'recovery', code: recoveryCodes[1] })).statusCode).toBe(409);
    expect(await auditLines(me.userId)).toContain('second factor: removed the authenticator app (TOTP)');
  });

  it('refuses strangers and API keys: a factor is managed and proved on a signed-in session', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/second-factor'],
      ['POST', '/api/auth/second-factor/totp/setup'],
      ['POST', '/api/auth/step-up'],
      ['POST', '/api/auth/step-up/passkey/options'],
      ['POST', '/api/auth/second-factor/passkeys/options'],
      ['DELETE', '/api/auth/second-factor/totp'],
    ] as const) {
      const anonymous = await t.app.inject({
        method,
        url,
        headers: { origin: TEST_PUBLIC_URL },
        payload: method === 'GET' ? undefined : {},
      });
      expect([401, 400]).toContain(anonymous.statusCode);
    }
    const me = await signInAs(t, {});
    const key = await t.app.inject({ method: 'POST', url: '/api/auth/developer/apikey', headers: me.headers });
    const bearer = { authorization: `Bearer ${key.json().apikey.key}` };
    const viaKey = await t.app.inject({ method: 'GET', url: '/api/auth/second-factor', headers: bearer });
    expect(viaKey.statusCode).toBe(403);
    expect(viaKey.json().error).toBe('SESSION_REQUIRED');
    // Cross-site: the CSRF rule holds here too.
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/totp/setup',
      headers: { cookie: me.headers.cookie, origin: 'https://evil.example' },
    });
    expect(cross.statusCode).toBe(403);
  });
});
