import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import { hashToken, issueToken, tokenHashFor } from '../../lib/tokens';
import { accountsService } from '../accounts';
import { metaService } from '../meta';
import type { PanelTables } from './tables';

const OWNER_KEY = 'owner';

export async function ownerExists(db: Kysely<PanelTables>): Promise<boolean> {
  return (await metaService.readSetting<{ userId?: string } | null>(db, OWNER_KEY, null))?.userId !== undefined;
}

/**
 * While nobody owns the site: this instance's setup token (OUTPOST_SETUP_TOKEN, else a
 * fresh random one), its hash recorded so any instance accepts it. Null once owned.
 */
export async function issueSetupToken(db: Kysely<PanelTables>, fixed: string | undefined): Promise<string | null> {
  if (await ownerExists(db)) return null;
  const token = fixed ?? issueToken('setup');
  await db
    .insertInto('setup_tokens')
    .values({ token_hash: hashToken(token), created_at: nowSeconds() })
    .onConflict((conflict) => conflict.column('token_hash').doNothing())
    .execute();
  return token;
}

export type ClaimResult = 'owner' | 'already-owned' | 'bad-token';

class BadToken extends Error {}

/**
 * Makes the user the owner when the token is one we issued. The owner row is written
 * first and is the claim itself: a concurrent claim waits on it and finds it taken; a
 * claim with a bad token rolls its row back.
 */
export async function claimOwnership(db: Kysely<PanelTables>, userId: string, token: string): Promise<ClaimResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (await ownerExists(trx)) return 'already-owned';
      if (!(await metaService.insertSettingIfAbsent(trx, OWNER_KEY, { userId, at: nowSeconds() }))) {
        return 'already-owned';
      }
      const wantedHash = tokenHashFor('setup', token);
      if (!wantedHash) throw new BadToken();
      const wanted = Buffer.from(wantedHash);
      const issued = await trx.selectFrom('setup_tokens').select('token_hash').execute();
      if (!issued.some((row) => timingSafeEqual(Buffer.from(row.token_hash), wanted))) throw new BadToken();
      await accountsService.grantOwnership(trx, userId);
      await trx.deleteFrom('setup_tokens').execute();
      return 'owner';
    });
  } catch (error) {
    if (error instanceof BadToken) return 'bad-token';
    throw error;
  }
}

/**
 * Makes a user the owner without a setup token, for a site seeded by a script (`pnpm demo`):
 * the same owner record and grant as a claim. False when the site has an owner already.
 */
export async function assignOwner(db: Kysely<PanelTables>, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await metaService.insertSettingIfAbsent(trx, OWNER_KEY, { userId, at: nowSeconds() }))) return false;
    await accountsService.grantOwnership(trx, userId);
    return true;
  });
}
