import { type ServerPresence, serverPresenceSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../db/module-db';
import { nowSeconds } from '../../lib/clock';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import { requirePermission } from '../../plugins/authorization';
import { metaService } from '../meta';
import { playersBansNotesService } from '../players-bans-notes';
import { serversService } from '../servers';
import { hasPluginToken } from './game-tokens';
import type { GameTables } from './tables';

const errors = errorResponses(400, 401, 403, 404);
const params = z.object({ serverId: z.string().min(1).max(64) });

/**
 * Who is where, now (issue 25 item 1), for staff with players.view: a server's players by its
 * plugin's events (Steam ids) or, without a plugin, by its last status answer (names only),
 * and who left it recently (the site's recentPlayersMinutes).
 */
export const gamePresenceRoutes: FastifyPluginAsyncZod<OwnDb<GameTables>> = async (app, { db }) => {
  app.get(
    '/game-presence/:serverId',
    {
      preHandler: requirePermission('players.view'),
      schema: {
        tags: ['game'],
        description:
          'Players connected now (plugin events; a connect older than 12 h without a disconnect is stale), the ' +
          'A2S names when the server has no plugin token, and players who left within the last recentMinutes.',
        params,
        response: { 200: serverPresenceSchema, ...errors },
      },
    },
    async (request): Promise<ServerPresence> => {
      const { serverId } = request.params;
      const server = await serversService.queriedPlayerNames(db, serverId);
      if (!server) throw new HttpError(404, 'NOT_FOUND', 'No server has this id');
      const [plugin, settings] = await Promise.all([hasPluginToken(db, serverId), metaService.readSiteSettings(db)]);
      const now = nowSeconds();
      const recentMinutes = settings.recentPlayersMinutes;
      const players = await playersBansNotesService.playersOnServer(db, serverId, {
        now,
        since: now - recentMinutes * 60,
      });
      return {
        serverId,
        serverName: server.name,
        plugin,
        connected: players.connected,
        queried: plugin ? null : server.playerNames.map((name) => ({ name })),
        recent: players.recent,
        recentMinutes,
      };
    },
  );
};
