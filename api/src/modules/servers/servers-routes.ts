import { serverGroupSummariesResponseSchema, serverGroupsResponseSchema } from '@outpost/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listGroupSummaries } from './servers-repository';
import { renderedServers } from './servers-response-cache';

/** Public server overview: groups with servers and their last polled status. Nothing secret. */
export const serversRoutes: FastifyPluginAsyncZod = async (app) => {
  // Served from the stored statuses (rendered at most once a second), never from a game server.
  app.get(
    '/servers',
    { schema: { tags: ['servers'], response: { 200: serverGroupsResponseSchema } } },
    async (request, typedReply) => {
      // The body is pre-rendered JSON (or its gzip), so the reply is used untyped.
      const reply = typedReply as unknown as FastifyReply;
      const rendered = await renderedServers(app.db);
      reply.header('cache-control', 'no-cache').header('etag', rendered.etag).header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === rendered.etag) return reply.status(304).send();
      reply.type('application/json; charset=utf-8');
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        return reply.header('content-encoding', 'gzip').send(rendered.gzip);
      }
      return reply.send(rendered.json);
    },
  );
  app.get(
    '/servers/groups',
    { schema: { tags: ['servers'], response: { 200: serverGroupSummariesResponseSchema } } },
    async () => listGroupSummaries(app.db),
  );
};
