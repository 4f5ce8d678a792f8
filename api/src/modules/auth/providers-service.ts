import type { Provider } from '@outpost/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import { createDiscordClient, findLinkOfUser, markExpired, updateTokens } from './discord';
import type { AuthTables } from './tables';

/** Refresh a token this close to its expiry rather than after it. */
const REFRESH_MARGIN_S = 60;

/**
 * The sign-in providers besides Steam (SPEC 3 "Connection provider"): Discord when it is
 * configured. A link whose access token ran out is refreshed here; when the refresh is
 * refused the link is reported `expired` until the user links again.
 */
export async function listProviders(app: FastifyInstance, db: Kysely<AuthTables>, userId: string): Promise<Provider[]> {
  const client = createDiscordClient(app.config);
  if (!client) return [];
  const link = await findLinkOfUser(db, userId, 'discord');
  let expired = Boolean(link?.expired);
  if (link && !expired && Number(link.expires_at) <= nowSeconds() + REFRESH_MARGIN_S) {
    try {
      if (!link.refresh_token) throw new Error('no refresh token');
      await updateTokens(db, userId, 'discord', await client.refresh(link.refresh_token));
    } catch (error) {
      app.log.info({ userId, err: error }, 'Discord token refresh failed: link marked expired');
      await markExpired(db, userId, 'discord');
      expired = true;
    }
  }
  return [
    {
      id: 'discord',
      name: 'Discord',
      enabled: Boolean(link),
      expired,
      data: link ? { avatarUrl: link.avatar_url, username: link.username } : null,
    },
  ];
}
