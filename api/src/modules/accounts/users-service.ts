import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import { newId } from '../../lib/tokens';
import type { AccountsTables } from './tables';

/** What Steam tells about an account (auth fetches it at sign-in). */
export interface SteamProfile {
  name: string;
  avatarHash: string | null;
}

/**
 * The account behind a Steam id, created on first sign-in as a plain member (no flags,
 * no codes, immunity 0). Name and avatar follow Steam whenever Steam told us them.
 */
export async function upsertSteamUser(
  db: Kysely<AccountsTables>,
  steamId: string,
  summary: SteamProfile | null,
): Promise<string> {
  const existing = await db.selectFrom('users').select('id').where('steamid', '=', steamId).executeTakeFirst();
  if (existing) {
    if (summary) {
      await db
        .updateTable('users')
        .set({ name: summary.name, avatar_hash: summary.avatarHash })
        .where('id', '=', existing.id)
        .execute();
    }
    return existing.id;
  }
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      steamid: steamId,
      name: summary?.name ?? steamId,
      avatar_hash: summary?.avatarHash ?? null,
      flags: '',
      immunity: 0,
      permission_codes: '[]',
      birth_month: null,
      birth_date: null,
      created_at: nowSeconds(),
    })
    // Two first sign-ins at once: the second finds the row the first made.
    .onConflict((conflict) => conflict.column('steamid').doNothing())
    .execute();
  const row = await db.selectFrom('users').select('id').where('steamid', '=', steamId).executeTakeFirstOrThrow();
  return row.id;
}

/** Every permission code, superuser flag and the highest immunity: the site owner. */
export async function grantOwnership(db: Kysely<AccountsTables>, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ flags: 'z', permission_codes: JSON.stringify(['*']), immunity: OWNER_IMMUNITY })
    .where('id', '=', userId)
    .execute();
}

export const OWNER_IMMUNITY = 100;

/**
 * An account brought in from another admin system (the SourceBans++ importer) with its
 * SourceMod flags and immunity. Answers null, changing nothing, when the Steam id already
 * has an account: an import never edits what Outpost already holds.
 */
export async function insertImportedUser(
  db: Kysely<AccountsTables>,
  user: {
    steamid: string;
    name: string;
    flags: string;
    immunity: number;
    /** Permission codes held directly (the importer maps them from the old system's web permissions). */
    permissionCodes?: string[];
    createdAt?: number;
  },
): Promise<string | null> {
  const id = newId();
  const result = await db
    .insertInto('users')
    .values({
      id,
      steamid: user.steamid,
      name: user.name.slice(0, 100) || user.steamid,
      avatar_hash: null,
      flags: user.flags.slice(0, 32),
      immunity: user.immunity,
      permission_codes: JSON.stringify(user.permissionCodes ?? []),
      birth_month: null,
      birth_date: null,
      created_at: user.createdAt ?? nowSeconds(),
    })
    .onConflict((conflict) => conflict.column('steamid').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? id : null;
}
