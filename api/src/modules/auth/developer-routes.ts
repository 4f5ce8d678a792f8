import { apiErrorSchema, createdApiKeyResponseSchema, developerResponseSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../db/module-db';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { requireSignedIn } from '../../plugins/authorization';
import { notificationsService } from '../notifications';
import { findApiKey, regenerateApiKey } from './api-keys-service';
import { requireStepUp } from './second-factor';
import type { AuthTables } from './tables';

/** An admin impersonating someone still manages only their own key. */
const ownerOf = (auth: Principal) => auth.impersonatorId ?? auth.userId;

/** The Developer tab: the caller's API key (never its secret) and regenerating it. */
export const developerRoutes: FastifyPluginAsyncZod<OwnDb<AuthTables>> = async (app, { db }) => {
  app.get(
    '/auth/developer',
    {
      preHandler: requireSignedIn,
      schema: { tags: ['auth'], response: { 200: developerResponseSchema, 401: apiErrorSchema } },
    },
    async (request) => ({ apikey: await findApiKey(db, ownerOf(request.auth as Principal)) }),
  );

  app.post(
    '/auth/developer/apikey',
    {
      preHandler: [requireSignedIn, requireStepUp],
      schema: {
        tags: ['auth'],
        description: 'Creates or regenerates the API key. The secret is in this response only; only its hash is kept.',
        response: { 200: createdApiKeyResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = request.auth as Principal;
      // A leaked key must not be able to mint its own successor.
      if (auth.via !== 'session') throw new HttpError(403, 'SESSION_REQUIRED', 'Sign in to manage your API key');
      const apikey = await regenerateApiKey(db, ownerOf(auth));
      // Streams opened with the old key end now.
      await notificationsService.announceCredentialEnd(db);
      return { apikey };
    },
  );
};
