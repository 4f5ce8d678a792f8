import type { TestApp } from './test-app';

/** Links a Discord account to an Outpost user, as "Link Discord" in User Settings would (issue 26 tests). */
export async function linkDiscord(t: TestApp, userId: string, discordId: string): Promise<void> {
  const link = { user_id: userId, provider: 'discord', provider_user_id: discordId, username: `u${discordId}` };
  const tokens = { access_token: 'unused', refresh_token: null, expires_at: 0, expired: 0 };
  await t.database.db
    .insertInto('provider_links')
    .values({ ...link, ...tokens, avatar_url: null, created_at: 1 })
    .execute();
}
