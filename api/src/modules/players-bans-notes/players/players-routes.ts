import {
  apiErrorSchema,
  idParamSchema,
  type PlayerDetail,
  parseSteamId,
  playerDetailSchema,
  playerStatsResponseSchema,
  playersListQuerySchema,
  playersListResponseSchema,
  steamIdForms,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../../db/module-db';
import { nowSeconds } from '../../../lib/clock';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { principalHas, requirePermission } from '../../../plugins/authorization';
import { accountsService } from '../../accounts';
import { serversService } from '../../servers';
import { banCounts } from '../bans';
import { countNotes } from '../notes';
import type { PlayersBansNotesTables } from '../tables';
import { requirePlayerAccess } from './player-access';
import { findPlayer, listPlayers, playerHistory, toPlayerSummary } from './players-repository';
import { connectedNow } from './server-presence';
import { statsOrHttpError } from './stats-client';

const errors = errorResponses(400, 401, 403, 404);

function steamidOr404(id: string): string {
  const steamid = parseSteamId(id);
  if (!steamid) throw new HttpError(404, 'NOT_FOUND', 'No player has this id');
  return steamid;
}

/** Players list and detail (players.view, or the own player); IP history only with players.view-ips. */
export const playersRoutes: FastifyPluginAsyncZod<OwnDb<PlayersBansNotesTables>> = async (app, { db }) => {
  const playerAccess = requirePlayerAccess(db);
  app.get(
    '/players',
    {
      preHandler: requirePermission('players.view'),
      schema: {
        tags: ['players'],
        querystring: playersListQuerySchema,
        response: { 200: playersListResponseSchema, ...errors },
      },
    },
    async (request) => listPlayers(db, request.query),
  );

  app.get(
    '/players/:id',
    {
      preHandler: playerAccess,
      schema: {
        tags: ['players'],
        description: 'id in any Steam id form (SteamID64, STEAM_X:Y:Z, [U:1:Z], profile URL).',
        params: idParamSchema,
        response: { 200: playerDetailSchema, ...errors },
      },
    },
    async (request): Promise<PlayerDetail> => {
      const auth = request.auth as Principal;
      const steamid = steamidOr404(request.params.id);
      const row = await findPlayer(db, steamid);
      let summary = row ? toPlayerSummary(row) : null;
      if (!summary) {
        // Signed in but never seen on a server: still a player.
        const user = await accountsService.findUserByAnyId(db, steamid);
        if (!user) throw new HttpError(404, 'NOT_FOUND', 'No player has this id');
        summary = {
          steamid,
          name: user.name,
          firstSeen: user.created_at,
          lastSeen: user.created_at,
          totalTime: 0,
          userId: user.id,
        };
      }
      const now = nowSeconds();
      const [history, bans, notes, servers] = await Promise.all([
        playerHistory(db, steamid),
        banCounts(db, steamid, now),
        countNotes(db, steamid, principalHas(auth, 'notes.view-private')),
        serversService.serverNameMap(db),
      ]);
      return {
        ...summary,
        ids: steamIdForms(steamid),
        names: history.names.map((n) => ({ name: n.name, firstSeen: n.first_seen, lastSeen: n.last_seen })),
        servers: history.servers.map((s) => ({
          serverId: s.server_id,
          serverName: servers.get(s.server_id) ?? null,
          firstSeen: s.first_seen,
          lastSeen: s.last_seen,
          totalTime: s.total_time,
          connectedAt: connectedNow(s.connected_at, now) ? s.connected_at : null,
        })),
        ...(principalHas(auth, 'players.view-ips')
          ? { ips: history.ips.map((i) => ({ ip: i.ip, firstSeen: i.first_seen, lastSeen: i.last_seen })) }
          : {}),
        activeBans: bans.active,
        totalBans: bans.total,
        notes,
        statsAvailable: Boolean(app.config.STATS_API_URL),
      };
    },
  );

  app.get(
    '/players/:id/stats',
    {
      preHandler: playerAccess,
      schema: {
        tags: ['players'],
        description:
          "The external stats service's user. 404 'No stats found for user'; 502 carries status, status text and body.",
        params: idParamSchema,
        response: {
          200: playerStatsResponseSchema,
          ...errors,
          502: apiErrorSchema,
          503: apiErrorSchema,
          504: apiErrorSchema,
        },
      },
    },
    async (request) =>
      statsOrHttpError(app.config.STATS_API_URL, steamidOr404(request.params.id), app.config.STATS_TIMEOUT_MS),
  );
};
