import { apiErrorSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../db/module-db';
import { nowSeconds } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import { wrongAddressMessage } from '../../lib/site-address';
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
import {
  assertSteamLoginState,
  clearSteamLoginState,
  consumeSteamLoginState,
  STEAM_LOGIN_STATE_MAX_AGE_S,
  startSteamLogin,
} from './steam-login-state';
import { fetchPlayerSummary } from './steam-web-api';
import type { AuthTables } from './tables';

/**
 * POST /api/auth/steam/start: binds a sign-in to this browser; GET /api/auth/steam/callback:
 * where Steam sends the browser back with its assertion.
 */
export const steamRoutes: FastifyPluginAsyncZod<OwnDb<AuthTables>> = async (app, { db }) => {
  const config = app.config;
  const callbackUrl = `${config.PUBLIC_URL}/api/auth/steam/callback`;
  const rateLimit = { max: config.SIGNIN_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };

  app.post(
    '/auth/steam/start',
    {
      config: { rateLimit, anonymousWrite: 'starting a sign-in: the caller has no session yet' },
      schema: {
        tags: ['auth'],
        description:
          `Starts a Steam sign-in in this browser: sets a short-lived (${STEAM_LOGIN_STATE_MAX_AGE_S} s) HttpOnly ` +
          'cookie and answers the same `state`, which the sign-in form puts in return_to ' +
          '(/api/auth/steam/callback?return_uri=...&state=...). The callback signs in only with both.',
        response: { 200: z.object({ state: z.string() }), 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // A cookie set at another address than PUBLIC_URL never reaches the callback: say so now.
      const wrongAddress = wrongAddressMessage(request, config.PUBLIC_URL);
      if (wrongAddress) throw new HttpError(409, 'WRONG_ADDRESS', wrongAddress);
      return { state: startSteamLogin(reply, config) };
    },
  );

  app.get(
    '/auth/steam/callback',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        description:
          'OpenID 2.0 positive assertion from Steam. Signs in and redirects to return_uri (our origin only), ' +
          'or redirects to /error?code=&error=&return= when the assertion is not proven or `state` is not ' +
          "this browser's sign-in (see POST /api/auth/steam/start).",
        querystring: z.looseObject({ return_uri: z.unknown().optional(), state: z.unknown().optional() }),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const query = new URLSearchParams(rawQuery);
      const returnUris = query.getAll('return_uri');
      const returnPath = safeReturnPath(returnUris.length === 1 ? returnUris[0] : null, config.PUBLIC_URL);
      try {
        const assertion = parsePositiveAssertion(rawQuery, {
          opEndpoint: config.STEAM_OPENID_URL,
          callbackUrl,
          nowSeconds: nowSeconds(),
        });
        if (await isNonceUsed(db, config.STEAM_OPENID_URL, assertion.nonce)) {
          throw new OpenIdError('OPENID_REPLAYED', 'This sign-in answer was already used; please sign in again');
        }
        // Login CSRF: the assertion is signed, but it must also be this browser's sign-in.
        const state = await assertSteamLoginState(db, request, config, query.getAll('state'));
        await confirmWithProvider(config.STEAM_OPENID_URL, assertion.fields);
        // Recorded only once confirmed; of two concurrent uses exactly one gets here.
        if (!(await consumeNonce(db, config.STEAM_OPENID_URL, assertion.nonce, 2 * NONCE_MAX_AGE_S))) {
          throw new OpenIdError('OPENID_REPLAYED', 'This sign-in answer was already used; please sign in again');
        }
        await consumeSteamLoginState(db, state);
        clearSteamLoginState(reply, config);
        // A key saved in the panel wins over STEAM_API_KEY.
        const apiKey = (await metaService.readSiteSettings(db)).steamApiKey ?? config.STEAM_API_KEY;
        const summary = await fetchPlayerSummary(config.STEAM_WEB_API_URL, apiKey, assertion.steamId);
        const userId = await accountsService.upsertSteamUser(db, assertion.steamId, summary);
        // Everyone who signs in is a player too (the players list, search, notes on join).
        const user = await accountsService.findUserById(db, userId);
        await playersBansNotesService.recordSignIn(db, {
          id: userId,
          steamid: assertion.steamId,
          name: user?.name ?? assertion.steamId,
        });
        await signIn(db, request, reply, userId, 'steam');
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
