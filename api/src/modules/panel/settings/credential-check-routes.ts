import {
  type CredentialCheck,
  credentialCheckSchema,
  discordAppCheckRequestSchema,
  steamKeyCheckRequestSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../../db/module-db';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import { requirePermission } from '../../../plugins/authorization';
import { authService } from '../../auth';
import { metaService } from '../../meta';
import type { PanelTables } from '../tables';

const errors = errorResponses(400, 401, 403);

/**
 * The "Test" buttons of the setup guide and the settings (issue 24 item 2). panel.settings, as
 * for changing these settings, but no step-up: a check changes nothing and answers only ok /
 * invalid / unreachable with a fixed message (never the secret, Steam's or Discord's answer, or
 * an address), and the provider's address is the configured one, never the caller's. Saving a
 * key is the settings PUT, which does ask for the step-up.
 */
export const credentialCheckRoutes: FastifyPluginAsyncZod<OwnDb<PanelTables>> = async (app, { db }) => {
  const config = app.config;

  app.post(
    '/panel/settings/check-steam-key',
    {
      preHandler: requirePermission('panel.settings'),
      schema: {
        tags: ['panel'],
        body: steamKeyCheckRequestSchema,
        response: { 200: credentialCheckSchema, ...errors },
      },
    },
    async (request): Promise<CredentialCheck> => {
      const key = request.body.key ?? (await metaService.readSiteSettings(db)).steamApiKey ?? config.STEAM_API_KEY;
      if (!key) throw new HttpError(400, 'NO_STEAM_KEY', 'No Steam Web API key is saved: type one to test it');
      return authService.checkSteamApiKey(config.STEAM_WEB_API_URL, key);
    },
  );

  app.post(
    '/panel/settings/check-discord',
    {
      preHandler: requirePermission('panel.settings'),
      schema: {
        tags: ['panel'],
        body: discordAppCheckRequestSchema,
        response: { 200: credentialCheckSchema, ...errors },
      },
    },
    async (request): Promise<CredentialCheck> => {
      const clientId = request.body.clientId ?? config.DISCORD_CLIENT_ID;
      const clientSecret = request.body.clientSecret ?? config.DISCORD_CLIENT_SECRET;
      if (!clientId || !clientSecret) {
        throw new HttpError(
          400,
          'DISCORD_NOT_CONFIGURED',
          'No Discord application is configured (DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET): give a client id and secret to test them',
        );
      }
      return authService.checkDiscordApplication(config, clientId, clientSecret);
    },
  );
};
