import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import { hashToken } from '../../lib/tokens';
import type { AuthTables } from './tables';

/** Whether this endpoint's nonce was accepted before (by any instance). */
export async function isNonceUsed(db: Kysely<AuthTables>, endpoint: string, nonce: string): Promise<boolean> {
  const row = await db
    .selectFrom('openid_nonces')
    .select('nonce_hash')
    .where('nonce_hash', '=', hashToken(`${endpoint} ${nonce}`))
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Records a nonce as used; false when it already was (two concurrent callbacks with one
 * nonce: exactly one wins). Expired nonces are dropped: a stale one is refused anyway.
 */
export async function consumeNonce(
  db: Kysely<AuthTables>,
  endpoint: string,
  nonce: string,
  keepSeconds: number,
): Promise<boolean> {
  const now = nowSeconds();
  await db.deleteFrom('openid_nonces').where('expires_at', '<', now).execute();
  const result = await db
    .insertInto('openid_nonces')
    .values({ nonce_hash: hashToken(`${endpoint} ${nonce}`), expires_at: now + keepSeconds })
    .onConflict((conflict) => conflict.column('nonce_hash').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
