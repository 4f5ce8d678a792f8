import { serverLiveCheckRequestSchema, serverLiveCheckResponseSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { requirePermission } from '../../plugins/authorization';
import { A2sClient } from '../../protocols/a2s-client';
import { queryServer, toStoredStatus } from './poller';

const errors = errorResponses(400, 401, 403);

/**
 * POST /api/servers/check: queries one game server once, live, storing nothing, so the
 * create-server wizard saves only a server that answers. Staff only (servers.manage):
 * it makes the API send a packet to an address the caller names.
 */
export const liveCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/servers/check',
    {
      preValidation: requirePermission('servers.manage'),
      schema: {
        tags: ['servers'],
        body: serverLiveCheckRequestSchema,
        response: { 200: serverLiveCheckResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { game, ip, port, queryPort } = request.body;
      const client = await A2sClient.open();
      try {
        const outcome = await queryServer(
          client,
          { id: 'live-check', ip, port, queryPort, game },
          app.config.POLL_TIMEOUT_MS,
        );
        const status = toStoredStatus(game, outcome);
        const message = !status.online
          ? `No answer within ${app.config.POLL_TIMEOUT_MS} ms`
          : status.data
            ? null
            : 'The server answered, but not with data Outpost can read';
        return { online: status.online, data: status.data, message };
      } finally {
        client.close();
      }
    },
  );
};
