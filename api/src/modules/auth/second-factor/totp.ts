import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { nowSeconds } from '../../../lib/clock';
import type { AuthTables } from '../tables';

// RFC 6238 TOTP: SHA-1, 30-second steps, 6 digits, a code from the step before or after
// accepted (clock drift). A code is accepted once: the step it was made for is stored per
// user and only a later step passes (a conditional update, atomic on every instance).

const PERIOD_S = 30;
const DIGITS = 6;
/** Steps either side of now whose codes are still accepted. */
const WINDOW = 1;

function totpFor(secret: string, label = 'staff', issuer = 'Outpost'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A new 160-bit secret in base32 (what authenticator apps take). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI and its QR code (an SVG data URL) for enrolment. */
export async function enrolmentPicture(secret: string, account: string, issuer: string) {
  // Colons would split the label into issuer and account: the account name keeps none.
  const uri = totpFor(secret, account.replaceAll(':', ' ').slice(0, 64) || 'staff', issuer).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The code for a moment (tests play the authenticator app with it). */
export function totpCodeAt(secret: string, unixSeconds: number): string {
  return totpFor(secret).generate({ timestamp: unixSeconds * 1000 });
}

/** The step a code belongs to when it is valid now (±1 step), else null. */
export function matchingStep(secret: string, code: string, unixSeconds = nowSeconds()): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secret).validate({ token, timestamp: unixSeconds * 1000, window: WINDOW });
  return delta === null ? null : Math.floor(unixSeconds / PERIOD_S) + delta;
}

export async function findTotp(db: Kysely<AuthTables>, userId: string) {
  return db.selectFrom('totp_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Starts (or restarts) enrolment with a new unconfirmed secret; refused while one is confirmed. */
export async function startTotpEnrolment(db: Kysely<AuthTables>, userId: string, secret: string): Promise<boolean> {
  const existing = await findTotp(db, userId);
  if (existing?.confirmed_at) return false;
  await db.deleteFrom('totp_factors').where('user_id', '=', userId).execute();
  await db
    .insertInto('totp_factors')
    .values({ user_id: userId, secret, confirmed_at: null, last_used_step: 0, created_at: nowSeconds() })
    .execute();
  return true;
}

/**
 * Accepts a code once: true when it is valid now and its step is later than any accepted
 * before. `pending` checks the unconfirmed secret of an enrolment instead of a confirmed one.
 */
export async function consumeTotpCode(
  db: Kysely<AuthTables>,
  userId: string,
  code: string,
  pending = false,
): Promise<boolean> {
  const factor = await findTotp(db, userId);
  if (!factor || (factor.confirmed_at === null) !== pending) return false;
  const step = matchingStep(factor.secret, code);
  if (step === null) return false;
  const updated = await db
    .updateTable('totp_factors')
    .set(pending ? { last_used_step: step, confirmed_at: nowSeconds() } : { last_used_step: step })
    .where('user_id', '=', userId)
    .where('last_used_step', '<', step)
    .where('confirmed_at', pending ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function removeTotp(db: Kysely<AuthTables>, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('totp_factors').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
