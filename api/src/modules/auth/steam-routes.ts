import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowSeconds } from '../../lib/clock';
import {
  confirmWithProvider,
  NONCE_MAX_AGE_S,
  OpenIdError,
  parsePositiveAssertion,
} from '../../protocols/steam-openid';
import { accountsService } from '../accounts';
import { metaService } from '../meta';
import { playersBansNotesService } from '../players-bans-notes';
import { consumeNonce, isNonceUsed } from './nonces-repository';
import { errorRedirectUrl, safeReturnPath, signIn } from './sign-in';
import { fetchPlayerSummary } from './steam-web-api';

/** GET /api/auth/steam/callback: where Steam sends the browser back with its assertion. */
export const steamRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = app.config;
  const callbackUrl = `${config.PUBLIC_URL}/api/auth/steam/callback`;

  app.get(
    '/auth/steam/callback',
    {
      config: { rateLimit: { max: config.SIGNIN_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        description:
          'OpenID 2.0 positive assertion from Steam. Signs in and redirects to return_uri (our origin only), ' +
          'or redirects to /error?code=&error=&return= when the assertion is not proven.',
        querystring: z.looseObject({ return_uri: z.unknown().optional() }),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const returnUris = new URLSearchParams(rawQuery).getAll('return_uri');
      const returnPath = safeReturnPath(returnUris.length === 1 ? returnUris[0] : null, config.PUBLIC_URL);
      try {
        const assertion = parsePositiveAssertion(rawQuery, {
          opEndpoint: config.STEAM_OPENID_URL,
          callbackUrl,
          nowSeconds: nowSeconds(),
        });
        if (await isNonceUsed(app.db, config.STEAM_OPENID_URL, assertion.nonce)) {
          throw new OpenIdError('OPENID_REPLAYED', 'This sign-in answer was already used; please sign in again');
        }
        await confirmWithProvider(config.STEAM_OPENID_URL, assertion.fields);
        // Recorded only once confirmed; of two concurrent uses exactly one gets here.
        if (!(await consumeNonce(app.db, config.STEAM_OPENID_URL, assertion.nonce, 2 * NONCE_MAX_AGE_S))) {
          throw new OpenIdError('OPENID_REPLAYED', 'This sign-in answer was already used; please sign in again');
        }
        // A key saved in the panel wins over STEAM_API_KEY.
        const apiKey = (await metaService.readSiteSettings(app.db)).steamApiKey ?? config.STEAM_API_KEY;
        const summary = await fetchPlayerSummary(config.STEAM_WEB_API_URL, apiKey, assertion.steamId);
        const userId = await accountsService.upsertSteamUser(app.db, assertion.steamId, summary);
        // Everyone who signs in is a player too (the players list, search, notes on join).
        const user = await accountsService.findUserById(app.db, userId);
        await playersBansNotesService.recordSignIn(app.db, {
          id: userId,
          steamid: assertion.steamId,
          name: user?.name ?? assertion.steamId,
        });
        await signIn(request, reply, userId);
        request.log.info({ userId, steamId: assertion.steamId }, 'signed in with Steam');
        return reply.redirect(returnPath, 302);
      } catch (error) {
        if (!(error instanceof OpenIdError)) throw error;
        request.log.warn({ code: error.code }, `Steam sign-in refused: ${error.message}`);
        return reply.redirect(errorRedirectUrl(error.code, error.message, returnPath), 302);
      }
    },
  );
};
