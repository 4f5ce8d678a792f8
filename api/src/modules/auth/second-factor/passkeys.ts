import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import { fromJsonColumn, toJsonColumn } from '../../../db/json-column';
import { nowSeconds } from '../../../lib/clock';
import type { AuthTables } from '../tables';

// Passkeys (WebAuthn) through @simplewebauthn/server. The relying party is PUBLIC_URL's host;
// a challenge belongs to one session and one purpose ('register' or 'step-up'), lives five
// minutes and is spent by the first answer, right or wrong.

const CHALLENGE_TTL_S = 300;
type Purpose = 'register' | 'step-up';

export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string, siteName: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: siteName, origin: url.origin };
}

async function storeChallenge(db: Kysely<AuthTables>, sessionId: string, purpose: Purpose, challenge: string) {
  const row = { session_id: sessionId, purpose, challenge, expires_at: nowSeconds() + CHALLENGE_TTL_S };
  await db
    .insertInto('webauthn_challenges')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['session_id', 'purpose']).doUpdateSet({ challenge, expires_at: row.expires_at }),
    )
    .execute();
}

/** The session's open challenge for the purpose, deleted as it is read (one answer per challenge). */
async function takeChallenge(db: Kysely<AuthTables>, sessionId: string, purpose: Purpose): Promise<string | null> {
  const row = await db
    .selectFrom('webauthn_challenges')
    .select(['challenge', 'expires_at'])
    .where('session_id', '=', sessionId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row) return null;
  const taken = await db
    .deleteFrom('webauthn_challenges')
    .where('session_id', '=', sessionId)
    .where('purpose', '=', purpose)
    .where('challenge', '=', row.challenge)
    .executeTakeFirst();
  if (Number(taken.numDeletedRows) !== 1 || Number(row.expires_at) < nowSeconds()) return null;
  return row.challenge;
}

export async function listPasskeys(db: Kysely<AuthTables>, userId: string) {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

export async function registrationOptions(
  db: Kysely<AuthTables>,
  rp: RelyingParty,
  user: { id: string; name: string },
  sessionId: string,
) {
  const existing = await listPasskeys(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.name.slice(0, 64) || user.id,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.id })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(db, sessionId, 'register', options.challenge);
  return options;
}

/** Checks an attestation against the session's challenge and stores the passkey; null when refused. */
export async function registerPasskey(
  db: Kysely<AuthTables>,
  rp: RelyingParty,
  userId: string,
  sessionId: string,
  response: RegistrationResponseJSON,
  name: string,
): Promise<{ id: string } | null> {
  const challenge = await takeChallenge(db, sessionId, 'register');
  if (!challenge) return null;
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) return null;
  const credential = result.registrationInfo.credential;
  const taken = await db.selectFrom('passkeys').select('id').where('id', '=', credential.id).executeTakeFirst();
  if (taken) return null;
  await db
    .insertInto('passkeys')
    .values({
      id: credential.id,
      user_id: userId,
      name,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: toJsonColumn(credential.transports ?? []),
      created_at: nowSeconds(),
      last_used: null,
    })
    .execute();
  return { id: credential.id };
}

export async function assertionOptions(db: Kysely<AuthTables>, rp: RelyingParty, userId: string, sessionId: string) {
  const keys = await listPasskeys(db, userId);
  if (keys.length === 0) return null;
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: keys.map((key) => ({ id: key.id, transports: fromJsonColumn<string[]>(key.transports, []) })),
    userVerification: 'preferred',
  });
  await storeChallenge(db, sessionId, 'step-up', options.challenge);
  return options;
}

/**
 * Checks an assertion by one of the user's passkeys against the session's challenge. The
 * signature counter must grow (when the authenticator keeps one): a conditional update, so
 * a cloned key's replay is refused on every instance.
 */
export async function verifyPasskeyAssertion(
  db: Kysely<AuthTables>,
  rp: RelyingParty,
  userId: string,
  sessionId: string,
  response: AuthenticationResponseJSON,
): Promise<boolean> {
  const challenge = await takeChallenge(db, sessionId, 'step-up');
  if (!challenge) return false;
  const key = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('id', '=', response.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!key) return false;
  const counter = Number(key.counter);
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: key.id,
      publicKey: new Uint8Array(Buffer.from(key.public_key, 'base64url')),
      counter,
      transports: fromJsonColumn<string[]>(key.transports, []) as never,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) return false;
  const updated = await db
    .updateTable('passkeys')
    .set({ counter: result.authenticationInfo.newCounter, last_used: nowSeconds() })
    .where('id', '=', key.id)
    .where('counter', '=', counter)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function removePasskey(db: Kysely<AuthTables>, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function removeAllPasskeys(db: Kysely<AuthTables>, userId: string): Promise<void> {
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}
