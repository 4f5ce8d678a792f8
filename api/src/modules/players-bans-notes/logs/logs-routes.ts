import { logsQuerySchema, logsResponseSchema, parseSteamId } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../../db/module-db';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { principalHas, requirePermission } from '../../../plugins/authorization';
import { auditService } from '../../audit';
import type { PlayersBansNotesTables } from '../tables';

/** GET /api/logs (logs.view): the audit and chat log with filters, keyset pages and aroundId windows. */
export const logsRoutes: FastifyPluginAsyncZod<OwnDb<PlayersBansNotesTables>> = async (app, { db }) => {
  app.get(
    '/logs',
    {
      preHandler: requirePermission('logs.view'),
      schema: {
        tags: ['logs'],
        description: "Newest first. Redacted entries read '[redacted]' without logs.view-redacted.",
        querystring: logsQuerySchema,
        response: { 200: logsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { player, serverId, type, from, to, aroundId, cursor, limit } = request.query;
      const page = await auditService.readLogPage(
        db,
        { player: player ? (parseSteamId(player) ?? undefined) : undefined, serverId, type, from, to },
        { aroundId, cursor, limit },
        {
          canSeeRedacted: principalHas(request.auth as Principal, 'logs.view-redacted'),
          statsConfigured: Boolean(app.config.STATS_API_URL),
        },
      );
      if (!page) throw new HttpError(404, 'NOT_FOUND', 'No log entry has this id');
      return page;
    },
  );
};
