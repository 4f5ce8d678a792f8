// The search module's door: GET /api/search over players, bans, notes, servers and docs,
// each read through its owner's service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchRoutes } from './search-routes';

export const searchModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(searchRoutes);
};
