import { type KickResponse, kickRequestSchema, kickResponseSchema, parseSteamId } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../db/module-db';
import { nowSeconds } from '../../lib/clock';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { requirePermission } from '../../plugins/authorization';
import { accountsService } from '../accounts';
import { auditService } from '../audit';
import { playersBansNotesService } from '../players-bans-notes';
import { serversService } from '../servers';
import { deliverToServer } from './game-delivery';
import { webKickMessage } from './game-messages';
import { hasPluginToken } from './game-tokens';
import type { GameTables } from './tables';

const errors = errorResponses(400, 401, 403, 404, 409, 502);
const params = z.object({ serverId: z.string().min(1).max(64) });

/**
 * Kick from the web (issue 25 item 2): staff with players.kick kick a player connected to a
 * server (its current players, or the player's overview), with a reason, through the same
 * path as enforcement: the plugin's command channel (a `kick` command), else RCON (`kickid`).
 * The act-on rule applies (staff of equal or higher immunity cannot be kicked); audited.
 */
export const gameKickRoutes: FastifyPluginAsyncZod<OwnDb<GameTables>> = async (app, { db }) => {
  const rconTimeoutMs = app.config.RCON_TIMEOUT_MS;
  app.post(
    '/game-presence/:serverId/kick',
    {
      preHandler: requirePermission('players.kick'),
      schema: {
        tags: ['game'],
        description:
          'Kick a player connected to this server now (by its plugin’s events) with a reason: a `kick` command on ' +
          'the plugin’s channel, else `kickid` over RCON. 409 when the player is not connected there or the ' +
          'server can be reached neither way; 502 when RCON fails.',
        params,
        body: kickRequestSchema,
        response: { 200: kickResponseSchema, ...errors },
      },
    },
    async (request): Promise<KickResponse> => {
      const { serverId } = request.params;
      const steamid = parseSteamId(request.body.steamid) as string;
      const reason = request.body.reason;
      const names = await serversService.serverNameMap(db);
      const serverName = names.get(serverId);
      if (serverName === undefined) throw new HttpError(404, 'NOT_FOUND', 'No server has this id');
      await accountsService.assertMayActOnPlayer(db, request.auth as Principal, steamid, 'kick this player');
      // Connected there now by the rule enforcement uses (a fresh connect, no disconnect since).
      const where = await playersBansNotesService.serversWherePlayerConnected(db, steamid);
      if (!where.some((entry) => entry.serverId === serverId))
        throw new HttpError(409, 'NOT_CONNECTED', `This player is not connected to ${serverName} now`);
      const now = nowSeconds();
      const { connected } = await playersBansNotesService.playersOnServer(db, serverId, { now, since: now });
      const player = { name: connected.find((entry) => entry.steamid === steamid)?.name ?? steamid };
      const reachable =
        (await hasPluginToken(db, serverId)) || (await serversService.rconAddress(db, serverId)) !== null;
      if (!reachable)
        throw new HttpError(
          409,
          'SERVER_UNREACHABLE',
          `${serverName} has neither a plugin token nor an RCON password: it cannot be told to kick`,
        );
      const done = await deliverToServer(
        db,
        serverId,
        {
          kind: 'kick',
          steamid,
          payload: { message: webKickMessage(reason), banId: null, reason, expiresAt: null },
        },
        { rconTimeoutMs, log: request.log },
      );
      if (!done)
        throw new HttpError(502, 'RCON_FAILED', `${serverName} did not answer over RCON: the player was not kicked`);
      const actor = await accountsService.actorOf(db, request);
      await auditService.writeAudit(db, {
        ...auditService.auditActor(actor),
        target: steamid,
        targetName: player.name,
        serverId,
        message: `kicked ${player.name} from ${serverName} (reason "${reason}")${done.via === 'rcon' ? ' over RCON' : ''}`,
      });
      return { serverId, steamid, via: done.via, commandId: done.commandId ?? null };
    },
  );
};
