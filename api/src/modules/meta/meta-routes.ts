import { metaResponseSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../db/module-db';
import { setLinkNames } from './community-links';
import { readSiteSettings } from './site-settings';
import { createSteamStatus } from './steam-status';
import type { MetaTables } from './tables';

/**
 * GET /api/meta: what the shell needs before anything else (notice, domain, Steam status,
 * sign-in). Site settings are read through a cache of SETTINGS_CACHE_MS, so a change saved
 * in the panel reaches every instance without a restart.
 */
export const metaRoutes: FastifyPluginAsyncZod<OwnDb<MetaTables>> = async (app, { db }) => {
  const config = app.config;
  const steamStatus = createSteamStatus(config.STEAM_STATUS_URL);
  const steam = {
    openidUrl: config.STEAM_OPENID_URL,
    realm: new URL(config.PUBLIC_URL).origin,
    callbackUrl: `${config.PUBLIC_URL}/api/auth/steam/callback`,
  };
  const discordConfigured = Boolean(config.DISCORD_CLIENT_ID && config.DISCORD_CLIENT_SECRET);

  app.get('/meta', { schema: { tags: ['meta'], response: { 200: metaResponseSchema } } }, async () => {
    const [settings, steamState] = await Promise.all([readSiteSettings(db), steamStatus.state()]);
    const dsn = settings.sentryDsn ?? config.SENTRY_DSN;
    return {
      settings: {
        notice: settings.notice,
        domain: settings.domain || new URL(config.PUBLIC_URL).host,
      },
      // SPEC 3's flag: false only when Steam is known to be offline (unknown is not offline).
      steamAvailable: steamState !== 'offline',
      steamStatus: steamState,
      siteName: config.SITE_NAME,
      demo: config.DEMO_MODE,
      loginProviders: { steam, discord: { enabled: discordConfigured && settings.discordSignIn } },
      sentry: dsn ? { dsn, environment: config.SENTRY_ENVIRONMENT } : null,
      links: setLinkNames(settings.links),
    };
  });
};
