import { totpSetupSchema } from '@outpost/contracts';
import { Secret, TOTP } from 'otpauth';
import { nowSeconds } from '../lib/clock';
import type { SignedIn, TestApp } from './test-app';

// Playing the staff member's authenticator app in API tests: enrol TOTP through the real
// routes, compute codes as an app would (otpauth, the same RFC 6238), age a session's proof.

/** The 6-digit code an authenticator app shows for the secret, `stepsFromNow` steps away. */
export function appCode(secret: string, stepsFromNow = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: (nowSeconds() + stepsFromNow * 30) * 1000 });
}

/** Enrols TOTP for the signed-in user; answers the secret and the recovery codes. */
export async function enrolTotp(t: TestApp, who: SignedIn): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await t.app.inject({ method: 'POST', url: '/api/auth/second-factor/totp/setup', headers: who.headers });
  if (setup.statusCode !== 200) throw new Error(`setup answered ${setup.statusCode}: ${setup.body}`);
  const { secret } = totpSetupSchema.parse(setup.json());
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/auth/second-factor/totp/confirm',
    headers: who.headers,
    payload: { code: appCode(secret) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm answered ${confirm.statusCode}: ${confirm.body}`);
  return { secret, recoveryCodes: confirm.json().recoveryCodes };
}

/** Makes every session of the user's last proof `minutesAgo` old (or never proved, with null). */
export async function ageProof(t: TestApp, userId: string, minutesAgo: number | null): Promise<void> {
  await t.database.db
    .updateTable('sessions')
    .set({ second_factor_at: minutesAgo === null ? null : nowSeconds() - minutesAgo * 60 })
    .where('user_id', '=', userId)
    .execute();
}

/** Enrols TOTP and then lets the proof lapse: the next dangerous action needs a step-up. */
export async function enrolledWithoutFreshProof(t: TestApp, who: SignedIn) {
  const enrolled = await enrolTotp(t, who);
  await ageProof(t, who.userId, null);
  return enrolled;
}
