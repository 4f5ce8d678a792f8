import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import type { AuthTables } from '../tables';
import type { DiscordAccount, DiscordTokens } from './discord-client';

export async function findLinkByAccount(db: Kysely<AuthTables>, provider: string, providerUserId: string) {
  return db
    .selectFrom('provider_links')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_user_id', '=', providerUserId)
    .executeTakeFirst();
}

export async function findLinkOfUser(db: Kysely<AuthTables>, userId: string, provider: string) {
  return db
    .selectFrom('provider_links')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/** Links (or re-links with fresh tokens) the account to the user; the link is live again. */
export async function saveLink(
  db: Kysely<AuthTables>,
  userId: string,
  provider: string,
  account: DiscordAccount,
  tokens: DiscordTokens,
): Promise<void> {
  const fields = {
    provider_user_id: account.id,
    username: account.username,
    avatar_url: account.avatarUrl,
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expires_at: tokens.expiresAt,
    expired: 0,
  };
  await db
    .insertInto('provider_links')
    .values({ user_id: userId, provider, created_at: nowSeconds(), ...fields })
    .onConflict((conflict) => conflict.columns(['user_id', 'provider']).doUpdateSet(fields))
    .execute();
}

export async function updateTokens(db: Kysely<AuthTables>, userId: string, provider: string, tokens: DiscordTokens) {
  await db
    .updateTable('provider_links')
    .set({
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      expires_at: tokens.expiresAt,
      expired: 0,
    })
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .execute();
}

export async function markExpired(db: Kysely<AuthTables>, userId: string, provider: string): Promise<void> {
  await db
    .updateTable('provider_links')
    .set({ expired: 1 })
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .execute();
}

export async function deleteLink(db: Kysely<AuthTables>, userId: string, provider: string): Promise<void> {
  await db.deleteFrom('provider_links').where('user_id', '=', userId).where('provider', '=', provider).execute();
}
