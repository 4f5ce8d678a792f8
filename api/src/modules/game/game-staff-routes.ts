import {
  apiErrorSchema,
  gameAdminIdentitiesSchema,
  gameGroupImmunitiesSchema,
  gameOverridesResponseSchema,
  gameOverridesUpdateSchema,
  gameTokenCreatedSchema,
  gameTokenStatusSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { firstGrantBeyondCaller } from '../../lib/privilege-limits';
import { requirePermission } from '../../plugins/authorization';
import { accountsService } from '../accounts';
import { auditService } from '../audit';
import { serversService } from '../servers';
import { listIdentities, replaceIdentities } from './game-admin-identities';
import { gameOverrides, groupImmunities, replaceGroupImmunities, replaceOverrides } from './game-admins';
import { rotateToken, tokenStatus } from './game-tokens';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const params = z.object({ serverId: z.string().min(1).max(64) });

/** Staff side of the game integration: plugin tokens (servers.tokens) and command overrides. */
export const gameStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  async function serverNameOr404(serverId: string): Promise<string> {
    const name = (await serversService.serverNameMap(app.db)).get(serverId);
    if (!name) throw new HttpError(404, 'NOT_FOUND', 'No server has this id');
    return name;
  }

  app.get(
    '/game-tokens/:serverId',
    {
      preHandler: requirePermission('servers.tokens'),
      schema: { tags: ['game'], params, response: { 200: gameTokenStatusSchema, ...errors } },
    },
    async (request) => {
      await serverNameOr404(request.params.serverId);
      return tokenStatus(app.db, request.params.serverId);
    },
  );

  app.post(
    '/game-tokens/:serverId',
    {
      preHandler: requirePermission('servers.tokens'),
      schema: {
        tags: ['game'],
        description:
          'Create or rotate the server’s plugin token. The token is in this answer only; the previous one stops working.',
        params,
        response: { 201: gameTokenCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const serverId = request.params.serverId;
      const name = await serverNameOr404(serverId);
      const token = await rotateToken(app.db, serverId);
      const actor = await accountsService.actorOf(app.db, request);
      await auditService.writeAudit(app.db, {
        client: actor.id,
        clientName: actor.name,
        serverId,
        message: `rotated the plugin token of server "${name}"`,
      });
      return reply.status(201).send({ ...(await tokenStatus(app.db, serverId)), token });
    },
  );

  app.get(
    '/game-overrides',
    {
      preHandler: requirePermission('users.view-admin'),
      schema: { tags: ['game'], response: { 200: gameOverridesResponseSchema, ...errors } },
    },
    async () => ({ overrides: await gameOverrides(app.db) }),
  );

  app.put(
    '/game-overrides',
    {
      preHandler: requirePermission('users.edit-privileges'),
      schema: {
        tags: ['game'],
        body: gameOverridesUpdateSchema,
        response: { 200: gameOverridesResponseSchema, ...errors },
      },
    },
    async (request) => {
      await replaceOverrides(app.db, request.body.overrides);
      const actor = await accountsService.actorOf(app.db, request);
      await auditService.writeAudit(app.db, {
        client: actor.id,
        clientName: actor.name,
        message: `replaced the command overrides (${request.body.overrides.length})`,
      });
      return { overrides: await gameOverrides(app.db) };
    },
  );

  app.get(
    '/game-group-immunities',
    {
      preHandler: requirePermission('users.view-admin'),
      schema: { tags: ['game'], response: { 200: gameGroupImmunitiesSchema, ...errors } },
    },
    async () => ({ immunities: await groupImmunities(app.db) }),
  );

  app.put(
    '/game-group-immunities',
    {
      preHandler: requirePermission('users.edit-privileges'),
      schema: {
        tags: ['game'],
        body: gameGroupImmunitiesSchema,
        response: { 200: gameGroupImmunitiesSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await replaceGroupImmunities(app.db, request.body.immunities))) {
        throw new HttpError(400, 'UNKNOWN_ROLE', 'Every group must be an existing role id');
      }
      const actor = await accountsService.actorOf(app.db, request);
      await auditService.writeAudit(app.db, {
        client: actor.id,
        clientName: actor.name,
        message: `replaced the group immunities (${request.body.immunities.length})`,
      });
      return { immunities: await groupImmunities(app.db) };
    },
  );

  app.get(
    '/game-admin-identities',
    {
      preHandler: requirePermission('users.view-admin'),
      schema: { tags: ['game'], response: { 200: gameAdminIdentitiesSchema, ...errors } },
    },
    async () => ({ admins: await listIdentities(app.db) }),
  );

  app.put(
    '/game-admin-identities',
    {
      preHandler: requirePermission('users.edit-privileges'),
      schema: {
        tags: ['game'],
        body: gameAdminIdentitiesSchema,
        response: { 200: gameAdminIdentitiesSchema, ...errors },
      },
    },
    async (request) => {
      const caller = (request.auth as Principal).permissions.immunityLevel;
      if (request.body.admins.some((admin) => admin.immunity > caller)) {
        throw new HttpError(403, 'IMMUNITY', `You cannot set an immunity above your own (${caller})`);
      }
      const grants = [
        ...request.body.admins.map((admin) => ({ flags: admin.flags, codes: [] })),
        ...(await accountsService.roleGrants(app.db, [
          ...new Set(request.body.admins.flatMap((admin) => admin.roleIds)),
        ])),
      ];
      const beyond = grants.map((grant) => firstGrantBeyondCaller(request.auth as Principal, grant)).find(Boolean);
      if (beyond) throw new HttpError(403, 'FORBIDDEN', `You cannot give a ${beyond} you do not hold yourself`);
      await replaceIdentities(app.db, request.body.admins);
      const actor = await accountsService.actorOf(app.db, request);
      await auditService.writeAudit(app.db, {
        client: actor.id,
        clientName: actor.name,
        message: `replaced the in-game admins without accounts (${request.body.admins.length})`,
      });
      return { admins: await listIdentities(app.db) };
    },
  );
};
