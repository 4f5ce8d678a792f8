// The search module's door: GET /api/search over players, bans, notes, servers and docs,
// each read through its owner's service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { searchRoutes } from './search-routes';
import type { SearchTables } from './tables';

export const searchModule: FastifyPluginAsyncZod = async (app) => {
  // This module's view of the database: no tables of its own, only other modules' doors (the module's one cast; the same instance).
  await app.register(searchRoutes, { db: app.db as Kysely<SearchTables> });
};
