import {
  apiErrorSchema,
  banCreateSchema,
  banEditSchema,
  banSchema,
  bansListQuerySchema,
  bansListResponseSchema,
  numericIdParamSchema,
  parseSteamId,
  unbanSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../../db/module-db';
import { nowSeconds } from '../../../lib/clock';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { principalHas, requirePermission } from '../../../plugins/authorization';
import { accountsService } from '../../accounts';
import { appealedBanIds } from '../appeals';
import type { PlayersBansNotesTables } from '../tables';
import { places } from './ban-scope';
import { banStatus, findBan, listBans, toBan } from './bans-repository';
import { createBan, editBan, unban } from './bans-service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The public ban list (no IPs for anyone without players.view-ips) and the staff actions on bans. */
export const bansRoutes: FastifyPluginAsyncZod<OwnDb<PlayersBansNotesTables>> = async (app, { db }) => {
  const canSeeIps = (auth: Principal | null) => auth !== null && principalHas(auth, 'players.view-ips');

  app.get(
    '/bans',
    {
      schema: {
        tags: ['bans'],
        description: 'Public: anyone may list bans. IPs only for players.view-ips.',
        querystring: bansListQuerySchema,
        response: { 200: bansListResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const showIp = canSeeIps(request.auth);
      const now = nowSeconds();
      const { rows, nextCursor } = await listBans(
        db,
        { ...query, steamid: query.steamid ? (parseSteamId(query.steamid) ?? undefined) : undefined, matchIp: showIp },
        now,
      );
      const names = await places(db);
      const appealed = await appealedBanIds(
        db,
        rows.map((row) => row.id),
      );
      return {
        bans: rows.map((row) => ({ ...toBan(row, now, showIp, names), appealed: appealed.has(row.id) })),
        nextCursor,
      };
    },
  );

  app.get(
    '/bans/:id',
    {
      schema: {
        tags: ['bans'],
        params: numericIdParamSchema,
        response: { 200: banSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const row = await findBan(db, request.params.id);
      if (!row) throw new HttpError(404, 'NOT_FOUND', 'No ban has this id');
      const appealed = await appealedBanIds(db, [row.id]);
      return {
        ...toBan(row, nowSeconds(), canSeeIps(request.auth), await places(db)),
        appealed: appealed.has(row.id),
      };
    },
  );

  app.post(
    '/bans',
    {
      preHandler: requirePermission('bans.create'),
      schema: {
        tags: ['bans'],
        description:
          'Ban or comm block (bans.create). `scope` (issue 25): where it applies, `{kind:"community"}` (default: every server), `{kind:"group",groupId}` or `{kind:"server",serverId}`; 400 UNKNOWN_SERVER_GROUP / UNKNOWN_SERVER for an id that does not exist, 403 SCOPE_NOT_ALLOWED beyond the server groups the caller\'s roles hold their bans to.',
        body: banCreateSchema,
        response: { 201: banSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await accountsService.assertMayActOnPlayer(
        db,
        request.auth as Principal,
        parseSteamId(body.steamid ?? ''),
        'ban this player',
      );
      const names = await places(db);
      if (body.serverId && !names.servers.has(body.serverId))
        throw new HttpError(400, 'UNKNOWN_SERVER', 'No server has this id');
      const row = await createBan(
        db,
        { ...body, steamid: body.steamid ? (parseSteamId(body.steamid) ?? undefined) : undefined },
        await accountsService.actorOf(db, request),
      );
      return reply.status(201).send(toBan(row, nowSeconds(), canSeeIps(request.auth), names));
    },
  );

  app.patch(
    '/bans/:id',
    {
      preHandler: requirePermission('bans.edit'),
      schema: {
        tags: ['bans'],
        params: numericIdParamSchema,
        body: banEditSchema,
        response: { 200: banSchema, ...errors },
      },
    },
    async (request) => {
      const row = await findBan(db, request.params.id);
      if (!row) throw new HttpError(404, 'NOT_FOUND', 'No ban has this id');
      if (banStatus(row, nowSeconds()) === 'unbanned')
        throw new HttpError(409, 'BAN_LIFTED', 'This ban was lifted; it cannot be edited');
      await accountsService.assertMayActOnPlayer(
        db,
        request.auth as Principal,
        row.steamid,
        'edit a ban on this player',
      );
      const updated = await editBan(db, row, request.body, await accountsService.actorOf(db, request));
      return toBan(updated, nowSeconds(), canSeeIps(request.auth), await places(db));
    },
  );

  app.post(
    '/bans/:id/unban',
    {
      preHandler: requirePermission('bans.unban'),
      schema: {
        tags: ['bans'],
        params: numericIdParamSchema,
        body: unbanSchema,
        response: { 200: banSchema, ...errors },
      },
    },
    async (request) => {
      const row = await findBan(db, request.params.id);
      if (!row) throw new HttpError(404, 'NOT_FOUND', 'No ban has this id');
      if (!(await unban(db, row, request.body.reason, await accountsService.actorOf(db, request)))) {
        throw new HttpError(409, 'BAN_NOT_ACTIVE', 'This ban is not active (already lifted or expired)');
      }
      const updated = await findBan(db, row.id);
      return toBan(updated ?? row, nowSeconds(), canSeeIps(request.auth), await places(db));
    },
  );
};
