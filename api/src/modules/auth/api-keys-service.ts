import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import { hashToken, issueToken, newId, tokenHashFor } from '../../lib/tokens';
import type { AuthTables } from './tables';

/** lastUsed is written at most this often per key. */
const LAST_USED_RESOLUTION_S = 60;
/** Recognisable in logs and secret scanners; the rest is 256 random bits. */

export interface ApiKeyInfo {
  id: string;
  created: number;
  lastUsed: number | null;
}

export async function findApiKey(db: Kysely<AuthTables>, userId: string): Promise<ApiKeyInfo | null> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'created_at', 'last_used'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? { id: row.id, created: Number(row.created_at), lastUsed: row.last_used === null ? null : Number(row.last_used) }
    : null;
}

/** Creates the user's key, replacing any earlier one; the secret is returned only here. */
export async function regenerateApiKey(db: Kysely<AuthTables>, userId: string): Promise<ApiKeyInfo & { key: string }> {
  const key = issueToken('apiKey');
  const info = { id: newId(), created: nowSeconds(), lastUsed: null };
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('api_keys').where('user_id', '=', userId).execute();
    await trx
      .insertInto('api_keys')
      .values({ id: info.id, user_id: userId, key_hash: hashToken(key), created_at: info.created, last_used: null })
      .execute();
  });
  return { ...info, key };
}

/** The user a bearer key belongs to (touching lastUsed), or null for an unknown key. */
export async function resolveApiKey(db: Kysely<AuthTables>, key: string): Promise<string | null> {
  const keyHash = tokenHashFor('apiKey', key);
  if (!keyHash) return null;
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'user_id', 'last_used'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  if (!row) return null;
  const now = nowSeconds();
  if (row.last_used === null || now - Number(row.last_used) >= LAST_USED_RESOLUTION_S) {
    await db.updateTable('api_keys').set({ last_used: now }).where('id', '=', row.id).execute();
  }
  return row.user_id;
}
