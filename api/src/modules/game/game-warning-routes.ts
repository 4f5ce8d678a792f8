import {
  apiErrorSchema,
  gameUnwarnSchema,
  gameWarningCreatedSchema,
  gameWarningCreateSchema,
  hasPermission,
  parseSteamId,
  warningSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../db/module-db';
import { nowSeconds } from '../../lib/clock';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import { accountsService } from '../accounts';
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

  app.post(
    '/unwarn',
    {
      config: { anonymousWrite: 'a game server, by its per-server token (checked onRequest)' },
      schema: {
        tags: ['game'],
        security: [{ gameServerToken: [] }],
        description:
          'Lift a warning from in game (by id, or with steamid alone the player’s newest active one), as on the web: the admin named by SteamID must be an in-game admin of this server with an Outpost account holding warnings.lift whose immunity outranks the player’s (403 FORBIDDEN / TARGET_IMMUNE). ' +
          'A warning given on the web or another server is lifted here only with the site setting trustInGameUnbans on and the admin connected to this server now (else 403 NOT_THIS_SERVERS).',
        body: gameUnwarnSchema,
        response: { 200: warningSchema, ...errorResponses(400, 401, 403, 404), 409: apiErrorSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const serverId = gameServerOf(request);
      const steamid = body.steamid === undefined ? undefined : (parseSteamId(body.steamid) as string);
      const now = nowSeconds();
      const row =
        body.id !== undefined
          ? await playersBansNotesService.findWarning(db, body.id)
          : (await playersBansNotesService.activeWarnings(db, steamid as string, now))[0];
      if (!row || (steamid !== undefined && row.steamid !== steamid))
        throw new HttpError(
          404,
          'NOT_FOUND',
          body.id !== undefined ? 'No such warning for this player' : 'This player has no active warning',
        );
      const authority = await gameAuthority(db, serverId, body.admin);
      const principal = authority.principal;
      if (!principal || !hasPermission(principal.permissions.codes, 'warnings.lift'))
        throw new HttpError(
          403,
          'FORBIDDEN',
          'Lifting a warning needs an admin named by SteamID who is an in-game admin here with an Outpost account holding warnings.lift',
        );
      await accountsService.assertMayActOnPlayer(db, principal, row.steamid, 'lift this warning');
      if (!(await authority.mayLiftWarning(row)))
        throw new HttpError(
          403,
          'NOT_THIS_SERVERS',
          'This warning was given on the web or on another server: lift it on the web',
        );
      if (!(await playersBansNotesService.liftWarning(db, row, body.reason, authority.actor)))
        throw new HttpError(409, 'ALREADY_LIFTED', 'This warning was already lifted');
      return playersBansNotesService.toWarning(
        (await playersBansNotesService.findWarning(db, Number(row.id))) ?? row,
        nowSeconds(),
      );
    },
  );
};
