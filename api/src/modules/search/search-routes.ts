import { apiErrorSchema, searchQuerySchema, searchResponseSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../db/module-db';
import { principalHas } from '../../plugins/authorization';
import { search } from './search-service';
import type { SearchTables } from './tables';

/** GET /api/search?q=: public; what each caller sees follows their permissions. */
export const searchRoutes: FastifyPluginAsyncZod<OwnDb<SearchTables>> = async (app, { db }) => {
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
      return search(db, request.query.q, {
        signedIn: auth !== null,
        players: auth !== null && principalHas(auth, 'players.view'),
        privateNotes: auth !== null && principalHas(auth, 'notes.view-private'),
        webRoot: app.config.WEB_ROOT,
      });
    },
  );
};
