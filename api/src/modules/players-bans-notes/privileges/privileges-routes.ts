import {
  apiErrorSchema,
  hasFlag,
  idParamSchema,
  privilegesUpdateSchema,
  rolesListResponseSchema,
  userLookupResponseSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../../db/module-db';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { firstGrantBeyondCaller } from '../../../lib/privilege-limits';
import { principalHas, requirePermission, requireSignedIn } from '../../../plugins/authorization';
import { requireStepUp } from '../../../plugins/step-up';
import { accountsService } from '../../accounts';
import { auditService } from '../../audit';
import type { PlayersBansNotesTables } from '../tables';

const errors = errorResponses(400, 401, 403, 404);

/** User lookup (SPEC 7) and privilege editing. */
export const usersRoutes: FastifyPluginAsyncZod<OwnDb<PlayersBansNotesTables>> = async (app, { db }) => {
  app.get(
    '/users/:id',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['users'],
        description:
          'A user by Outpost id or any Steam id form; adminData only with include=admin and users.view-admin.',
        params: idParamSchema,
        querystring: z.object({ include: z.enum(['admin', '']).optional() }),
        response: { 200: userLookupResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await accountsService.findUserByAnyId(db, request.params.id);
      if (!row) throw new HttpError(404, 'NOT_FOUND', 'No users were found for id?');
      const wantsAdmin =
        request.query.include === 'admin' && principalHas(request.auth as Principal, 'users.view-admin');
      return {
        user: accountsService.toLookupUser(row),
        ...(wantsAdmin ? { adminData: await accountsService.loadAdminData(db, row) } : {}),
      };
    },
  );

  app.put(
    '/users/:id/privileges',
    {
      preHandler: [requirePermission('users.edit-privileges'), requireStepUp],
      schema: {
        tags: ['users'],
        description: 'Replace roles, flags, immunity and codes. Nobody raises anyone above their own immunity.',
        params: idParamSchema,
        body: privilegesUpdateSchema,
        response: { 200: userLookupResponseSchema, ...errors },
      },
    },
    async (request) => {
      const caller = (request.auth as Principal).permissions;
      const row = await accountsService.findUserByAnyId(db, request.params.id);
      if (!row) throw new HttpError(404, 'NOT_FOUND', 'No users were found for id?');
      const body = request.body;
      // One act-on rule (effective immunity, strictly lower); never with borrowed rights.
      accountsService.assertNotImpersonating(request.auth as Principal);
      await accountsService.assertMayActOn(db, request.auth as Principal, row.id, 'change this user’s privileges');
      if (body.immunityLevel > caller.immunityLevel) {
        throw new HttpError(403, 'IMMUNITY', `You cannot set an immunity above your own (${caller.immunityLevel})`);
      }
      if (body.flags.includes('z') && !hasFlag(caller.flags, 'z', true)) {
        throw new HttpError(403, 'FORBIDDEN', 'Only a superuser can give the superuser flag');
      }
      const roleIds = [...new Set(body.roleIds)];
      const known = await accountsService.existingRoleIds(db, roleIds);
      const unknown = roleIds.find((id) => !known.has(id));
      if (unknown) throw new HttpError(400, 'UNKNOWN_ROLE', `No role has the id ${unknown}`);
      const roles = (await accountsService.listRoles(db)).filter((role) => known.has(role.id));
      if (roles.some((role) => role.immunityLevel > caller.immunityLevel)) {
        throw new HttpError(403, 'IMMUNITY', 'A role you chose has a higher immunity than yours');
      }
      const held = new Set((await accountsService.loadAdminData(db, row)).roles.map((role) => role.id));
      const added = await accountsService.roleGrants(
        db,
        roleIds.filter((id) => !held.has(id)),
      );
      const beyond = [{ flags: body.flags, codes: body.codes }, ...added]
        .map((grant) => firstGrantBeyondCaller(request.auth as Principal, grant))
        .find((found) => found !== null);
      if (beyond) throw new HttpError(403, 'FORBIDDEN', `You cannot give a ${beyond} you do not hold yourself`);
      await accountsService.assertRolesWithinCallerLimits(
        db,
        (request.auth as Principal).userId,
        added.map((role) => role.id),
      );
      const flags = [...new Set(body.flags)].sort().join('');
      await accountsService.replacePrivileges(db, row.id, { ...body, roleIds, flags });
      const actor = await accountsService.actorOf(db, request);
      await auditService.writeAudit(db, {
        client: actor.id,
        clientName: actor.name,
        target: row.steamid ?? row.id,
        targetName: row.name,
        message: `changed privileges: flags "${flags}", immunity ${body.immunityLevel}, roles [${roles.map((r) => r.name).join(', ')}], ${body.codes.length} codes`,
      });
      const updated = await accountsService.findUserByAnyId(db, row.id);
      if (!updated) throw new HttpError(404, 'NOT_FOUND', 'No users were found for id?');
      return {
        user: accountsService.toLookupUser(updated),
        adminData: await accountsService.loadAdminData(db, updated),
      };
    },
  );

  app.get(
    '/roles',
    {
      preHandler: requirePermission('users.edit-privileges'),
      schema: { tags: ['users'], response: { 200: rolesListResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema } },
    },
    async () => accountsService.listRoles(db),
  );
};
