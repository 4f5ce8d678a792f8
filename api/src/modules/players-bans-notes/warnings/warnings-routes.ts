import {
  apiErrorSchema,
  numericIdParamSchema,
  parseSteamId,
  warningCreatedSchema,
  warningCreateSchema,
  warningLiftSchema,
  warningSchema,
  warningsListQuerySchema,
  warningsListResponseSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../../db/module-db';
import { nowSeconds } from '../../../lib/clock';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { principalHas, requirePermission } from '../../../plugins/authorization';
import { accountsService } from '../../accounts';
import { serversService } from '../../servers';
import type { PlayersBansNotesTables } from '../tables';
import { findWarning, toWarning, warningsOfPlayer } from './warnings-repository';
import { createWarning, deleteWarning, liftWarning } from './warnings-service';

const errors = errorResponses(400, 401, 403, 404);
const STAFF_CODES = ['warnings.create', 'warnings.lift', 'players.view'];

/** Warnings: staff give (warnings.create) and lift or delete them (warnings.lift); a player reads their own. */
export const warningsRoutes: FastifyPluginAsyncZod<OwnDb<PlayersBansNotesTables>> = async (app, { db }) => {
  async function warningOr404(id: number) {
    const row = await findWarning(db, id);
    if (!row) throw new HttpError(404, 'NOT_FOUND', 'No warning has this id');
    return row;
  }

  app.get(
    '/warnings',
    {
      schema: {
        tags: ['warnings'],
        description:
          "A player's warnings, newest first: staff with warnings.create, warnings.lift or players.view, or the signed-in player about themself.",
        querystring: warningsListQuerySchema,
        response: { 200: warningsListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw new HttpError(401, 'UNAUTHORIZED', 'You need to be logged in to do this');
      const steamid = parseSteamId(request.query.steamid) as string;
      const staff = STAFF_CODES.some((code) => principalHas(auth, code));
      if (!staff && (await accountsService.findUserById(db, auth.userId))?.steamid !== steamid)
        throw new HttpError(403, 'FORBIDDEN', 'You may read only your own warnings');
      const now = nowSeconds();
      const warnings = (await warningsOfPlayer(db, steamid)).map((row) => toWarning(row, now));
      return { warnings, activeCount: warnings.filter((warning) => warning.status === 'active').length };
    },
  );

  app.post(
    '/warnings',
    {
      preHandler: requirePermission('warnings.create'),
      schema: {
        tags: ['warnings'],
        description:
          'Warn a player. When the active warnings reach a step of the site’s ladder, a ban is made at once (banId), in your name.',
        body: warningCreateSchema,
        response: { 201: warningCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const steamid = parseSteamId(request.body.steamid) as string;
      await accountsService.assertMayActOnPlayer(db, request.auth as Principal, steamid, 'warn this player');
      const serverId = request.body.serverId;
      if (serverId !== undefined && (await serversService.serverGroupOf(db, serverId)) === undefined)
        throw new HttpError(400, 'UNKNOWN_SERVER', 'No server has this id');
      const actor = await accountsService.actorOf(db, request);
      const { warning, banId } = await createWarning(db, { steamid, reason: request.body.reason, serverId }, actor);
      return reply.status(201).send({ warning: toWarning(warning, nowSeconds()), banId });
    },
  );

  app.post(
    '/warnings/:id/lift',
    {
      preHandler: requirePermission('warnings.lift'),
      schema: {
        tags: ['warnings'],
        description: 'Lift a warning: it stays on the record but no longer counts. A ban the ladder made stays.',
        params: numericIdParamSchema,
        body: warningLiftSchema,
        response: { 200: warningSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const row = await warningOr404(request.params.id);
      await accountsService.assertMayActOnPlayer(db, request.auth as Principal, row.steamid, 'lift this warning');
      const actor = await accountsService.actorOf(db, request);
      if (!(await liftWarning(db, row, request.body.reason, actor)))
        throw new HttpError(409, 'ALREADY_LIFTED', 'This warning was already lifted');
      return toWarning((await findWarning(db, row.id)) ?? row, nowSeconds());
    },
  );

  app.delete(
    '/warnings/:id',
    {
      preHandler: requirePermission('warnings.lift'),
      schema: { tags: ['warnings'], params: numericIdParamSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const row = await warningOr404(request.params.id);
      await accountsService.assertMayActOnPlayer(db, request.auth as Principal, row.steamid, 'delete this warning');
      await deleteWarning(db, row, await accountsService.actorOf(db, request));
      return reply.status(204).send(null);
    },
  );
};
