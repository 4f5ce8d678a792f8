import { serverGroupSummariesResponseSchema, serverGroupsResponseSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listGroupSummaries, listGroupsWithServers } from './servers-repository';

/** Public server overview: groups with servers and their last polled status. Nothing secret. */
export const serversRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/servers', { schema: { tags: ['servers'], response: { 200: serverGroupsResponseSchema } } }, async () =>
    listGroupsWithServers(app.db),
  );
  app.get(
    '/servers/groups',
    { schema: { tags: ['servers'], response: { 200: serverGroupSummariesResponseSchema } } },
    async () => listGroupSummaries(app.db),
  );
};
