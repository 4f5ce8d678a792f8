import { apiErrorSchema, setupRequestSchema, setupResponseSchema, setupStatusResponseSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../db/module-db';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { requireSignedIn } from '../../plugins/authorization';
import { auditService } from '../audit';
import { claimOwnership, issueSetupToken, ownerExists } from './setup-service';
import type { PanelTables } from './tables';

/** First-time setup: the holder of the logged token, signed in, becomes the owner. Once. */
export const setupRoutes: FastifyPluginAsyncZod<OwnDb<PanelTables>> = async (app, { db }) => {
  const token = await issueSetupToken(db, app.config.OUTPOST_SETUP_TOKEN);
  if (token) {
    const url = `${app.config.PUBLIC_URL}/panel/first-time-setup?token=${encodeURIComponent(token)}`;
    app.log.info(`No owner yet. First-time setup: sign in, then open ${url} and submit the token ${token}`);
  }

  app.get('/panel/setup', { schema: { tags: ['panel'], response: { 200: setupStatusResponseSchema } } }, async () => ({
    setupNeeded: !(await ownerExists(db)),
  }));

  app.post(
    '/panel/setup',
    {
      preHandler: requireSignedIn,
      config: { rateLimit: { max: app.config.SIGNIN_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['panel'],
        body: setupRequestSchema,
        response: {
          200: setupResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const auth = request.auth as Principal;
      if (auth.impersonatorId) throw new HttpError(403, 'SESSION_REQUIRED', 'Stop impersonating first');
      const result = await claimOwnership(db, auth.userId, request.body.token);
      if (result === 'already-owned') throw new HttpError(409, 'ALREADY_SET_UP', 'This site already has an owner');
      if (result === 'bad-token') throw new HttpError(403, 'BAD_SETUP_TOKEN', 'That setup token is not valid');
      await auditService.writeAudit(db, {
        client: auth.userId,
        clientName: null,
        message: 'Became the owner through first-time setup',
      });
      request.log.warn({ userId: auth.userId }, 'first-time setup complete: owner set');
      return { ok: true as const };
    },
  );
};
