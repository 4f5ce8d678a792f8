import { apiErrorSchema, searchQuerySchema, searchResponseSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalHas } from '../../plugins/authorization';
import { search } from './search-service';

/** GET /api/search?q=: public; what each caller sees follows their permissions. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        description:
          'Players (players.view), bans (never IPs), notes (staff-only with notes.view-private), servers, docs pages and commands. Blank q answers nothing.',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = request.auth;
      return search(app.db, request.query.q, {
        signedIn: auth !== null,
        players: auth !== null && principalHas(auth, 'players.view'),
        privateNotes: auth !== null && principalHas(auth, 'notes.view-private'),
        webRoot: app.config.WEB_ROOT,
      });
    },
  );
};
