import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import { hashToken } from '../../../lib/tokens';
import type { AuthTables } from '../tables';

// Ten single-use recovery codes per user, shown once and stored only as hashes. A code is
// spent by a conditional update (used_at still null), so two instances cannot both accept it.

const COUNT = 10;
// No 0/o, 1/l/i: a code is copied from paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newCode(): string {
  let text = '';
  for (let i = 0; i < 10; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** Case, spaces and the dash do not matter when a code is typed back. */
function codeHash(code: string): string {
  return hashToken(`recovery:${code.toLowerCase().replace(/[\s-]/g, '')}`);
}

/** Replaces the user's recovery codes with ten new ones and answers them (the only time). */
export async function replaceRecoveryCodes(db: Kysely<AuthTables>, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < COUNT) codes.add(newCode());
  const now = nowSeconds();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(
        [...codes].map((code) => ({ code_hash: codeHash(code), user_id: userId, used_at: null, created_at: now })),
      )
      .execute();
  });
  return [...codes];
}

/** Spends a recovery code: true once per code, false when unknown, spent or someone else's. */
export async function consumeRecoveryCode(db: Kysely<AuthTables>, userId: string, code: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: nowSeconds() })
    .where('code_hash', '=', codeHash(code))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Kysely<AuthTables>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function removeRecoveryCodes(db: Kysely<AuthTables>, userId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}
