import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../../db/schema-helpers';
import { nowSeconds } from '../../lib/clock';
import { fingerprintOf, rawPublicKey, signHash } from './feed-chain';
import type { FederationTables } from './tables';

// The site's signing key (issue 29): made at first use, kept in the database (every instance
// signs with the same key), its private half never sent anywhere.

export interface SigningKey {
  id: string;
  publicKey: string;
  fingerprint: string;
  privateKey: KeyObject;
  publicKeyObject: KeyObject;
}

function fromRow(row: { id: string; public_key: string; private_key: string }): SigningKey {
  const privateKey = createPrivateKey(row.private_key);
  return {
    id: row.id,
    publicKey: row.public_key,
    fingerprint: fingerprintOf(row.public_key),
    privateKey,
    publicKeyObject: createPublicKey(privateKey),
  };
}

async function currentRow(db: Kysely<FederationTables>) {
  return db
    .selectFrom('federation_keys')
    .select(['id', 'public_key', 'private_key'])
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The key in use, made on first use. Two instances making one at once both insert under
 * the same id (the first key's id is fixed), so one insert wins and both read it back.
 */
export async function signingKey(db: Kysely<FederationTables>): Promise<SigningKey> {
  const row = await currentRow(db);
  if (row) return fromRow(row);
  const made = newKeyRow('first');
  await db
    .insertInto('federation_keys')
    .values(made)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const stored = await currentRow(db);
  if (!stored) throw new Error('The federation key could not be stored');
  return fromRow(stored);
}

function newKeyRow(id: string) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    id,
    public_key: rawPublicKey(publicKey),
    private_key: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    created_at: nowSeconds(),
    retired_at: null,
  };
}

/**
 * Replaces the key in use (the owner's rotation) and re-signs every entry with the new one, so
 * the whole feed verifies with the key the well-known document shows. The hashes stay: only
 * who vouches for them changes. The old key is kept, retired, for the record.
 */
export async function rotateKey(db: Kysely<FederationTables>): Promise<SigningKey> {
  const made = newKeyRow(`k${Date.now().toString(36)}`);
  const key = fromRow(made);
  await db.transaction().execute(async (trx) => {
    // The publisher's lock: no entry is appended under the old key meanwhile.
    if (!isSqlite(trx)) await sql`select pg_advisory_xact_lock(hashtext('federation-feed'))`.execute(trx);
    await trx
      .updateTable('federation_keys')
      .set({ retired_at: made.created_at })
      .where('retired_at', 'is', null)
      .execute();
    await trx.insertInto('federation_keys').values(made).execute();
    let after = 0;
    for (;;) {
      const rows = await trx
        .selectFrom('federation_feed')
        .select(['seq', 'hash'])
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(1000)
        .execute();
      for (const row of rows)
        await trx
          .updateTable('federation_feed')
          .set({ signature: signHash(row.hash, key.privateKey) })
          .where('seq', '=', row.seq)
          .execute();
      const last = rows.at(-1);
      if (!last || rows.length < 1000) break;
      after = Number(last.seq);
    }
  });
  return key;
}
