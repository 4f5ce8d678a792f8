import { gameWarningCreatedSchema, gameWarningCreateSchema, parseSteamId } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../db/module-db';
import { nowSeconds } from '../../lib/clock';
import { errorResponses } from '../../lib/error-responses';
import { playersBansNotesService } from '../players-bans-notes';
import { gameAuthority } from './game-authority';
import { gameServerOf } from './game-tokens';
import type { GameTables } from './tables';

const errors = errorResponses(400, 401);

/**
 * POST /api/game/warnings (issue 25 item 5): an in-game admin warns a player, like POST
 * /api/game/bans: the server token, the admin named as gameAuthority attributes it. The site's
 * ladder may turn it into a ban at once (banId).
 */
export const gameWarningRoutes: FastifyPluginAsyncZod<OwnDb<GameTables>> = async (app, { db }) => {
  app.post(
    '/warnings',
    {
      config: { anonymousWrite: 'a game server, by its per-server token (checked onRequest)' },
      schema: {
        tags: ['game'],
        security: [{ gameServerToken: [] }],
        description:
          'Warn a player from in game, with the issuing admin. When the active warnings reach a step of the site’s ladder, the ban is made at once (banId) and reaches the servers like any ban.',
        body: gameWarningCreateSchema,
        response: { 201: gameWarningCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const serverId = gameServerOf(request);
      const authority = await gameAuthority(db, serverId, body.admin);
      const { warning, banId } = await playersBansNotesService.createWarning(
        db,
        { steamid: parseSteamId(body.steamid) as string, reason: body.reason, playerName: body.name ?? null, serverId },
        authority.actor,
      );
      return reply.status(201).send({ warning: playersBansNotesService.toWarning(warning, nowSeconds()), banId });
    },
  );
};
