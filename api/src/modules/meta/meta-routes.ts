import { metaResponseSchema, type Notice, noticeSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setLinkNames } from './community-links';
import { readSetting } from './settings-repository';
import { createSteamStatus } from './steam-status';

const NO_NOTICE: Notice = { enabled: false, text: '', class: 'is-info' };

/** GET /api/meta: what the shell needs before anything else (notice, domain, Steam status, sign-in). */
export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = app.config;
  const steamStatus = createSteamStatus(config.STEAM_STATUS_URL);
  const loginProviders = {
    steam: {
      openidUrl: config.STEAM_OPENID_URL,
      realm: new URL(config.PUBLIC_URL).origin,
      callbackUrl: `${config.PUBLIC_URL}/api/auth/steam/callback`,
    },
    discord: { enabled: Boolean(config.DISCORD_CLIENT_ID && config.DISCORD_CLIENT_SECRET) },
  };
  const sentry = config.SENTRY_DSN ? { dsn: config.SENTRY_DSN, environment: config.SENTRY_ENVIRONMENT } : null;

  app.get('/meta', { schema: { tags: ['meta'], response: { 200: metaResponseSchema } } }, async () => {
    const [stored, steamAvailable, links] = await Promise.all([
      readSetting<unknown>(app.db, 'notice', NO_NOTICE),
      steamStatus.isAvailable(),
      setLinkNames(app.db),
    ]);
    const notice = noticeSchema.safeParse(stored);
    return {
      settings: {
        notice: notice.success ? notice.data : NO_NOTICE,
        domain: new URL(config.PUBLIC_URL).host,
      },
      steamAvailable,
      siteName: config.SITE_NAME,
      loginProviders,
      sentry,
      links,
    };
  });
};
