import {
  REQUEST_STOP_COMMAND,
  requestStopResponseSchema,
  SERVER_ACTION_ERRORS,
  serverActionPermission,
} from '@outpost/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../db/module-db';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { principalHas, requireSignedIn } from '../../plugins/authorization';
import { findActionTarget, playersOnline, runOnServer } from './server-action-service';
import { auditServers } from './servers-audit';
import type { ServersTables } from './tables';

const params = z.object({ id: z.string().min(1).max(64), command: z.string().min(1).max(500) });
const errors = errorResponses(400, 401, 403, 404, 409, 502, 504);

/** servers.action.<command>: the permission follows the command in the URL. */
async function actionGuard(request: FastifyRequest): Promise<void> {
  await requireSignedIn(request);
  const { command } = request.params as { command: string };
  const code = serverActionPermission(command);
  if (!principalHas(request.auth as Principal, code)) {
    throw new HttpError(403, 'FORBIDDEN', `You do not have the permission ${code}`);
  }
}

/** POST /api/servers/{id}/action/{command}: runs the action's command over RCON. */
export const serverActionRoutes: FastifyPluginAsyncZod<OwnDb<ServersTables>> = async (app, { db }) => {
  app.post(
    '/servers/:id/action/:command',
    {
      preValidation: actionGuard,
      schema: { tags: ['servers'], params, response: { 200: requestStopResponseSchema, 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const { id, command } = request.params;
      const { server, game, action } = await findActionTarget(db, id, command);
      if (command === REQUEST_STOP_COMMAND) {
        const players = await playersOnline(app, server, game);
        if (players > 0) {
          await auditServers(request, `Request to stop server "${server.name}" refused: ${players} players online`, id);
          throw new HttpError(
            409,
            SERVER_ACTION_ERRORS.playersOnline,
            `Server ${server.name} cannot stop: there are ${players} players online`,
          );
        }
        const response = await runOnServer(app, server, app.config.RCON_STOP_COMMAND);
        await auditServers(request, `Requested server "${server.name}" to stop`, id);
        return reply.status(200).send({ response });
      }
      try {
        await runOnServer(app, server, command);
      } catch (error) {
        await auditServers(request, `Action "${action?.name}" (${command}) on server "${server.name}" failed`, id);
        throw error;
      }
      await auditServers(request, `Ran action "${action?.name}" (${command}) on server "${server.name}"`, id);
      return reply.status(204).send(null);
    },
  );
};
