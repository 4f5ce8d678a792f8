import {
  panelRoleDeleteQuerySchema,
  panelRoleHolderBodySchema,
  panelRoleInputSchema,
  panelRoleSchema,
  panelRolesResponseSchema,
  panelRoleUpdateSchema,
  panelUserSearchQuerySchema,
  panelUsersResponseSchema,
  UNLIMITED_ROLE,
} from '@outpost/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../../db/module-db';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { newId } from '../../../lib/tokens';
import { requirePermission } from '../../../plugins/authorization';
import { requireStepUp } from '../../../plugins/step-up';
import { type AuditedChange, auditService } from '../../audit';
import { assertMayActOn, assertMayActOnRoleHolders } from '../act-on';
import { actorOf } from '../actor';
import { assertRolesWithinCallerLimits } from '../role-limits';
import {
  addHolder,
  deleteRole,
  findPanelUser,
  findRole,
  holderIds,
  insertRole,
  listHolders,
  listPanelRoles,
  type RoleRow,
  removeHolder,
  roleNameTaken,
  searchPanelUsers,
  updateRole,
} from '../roles-repository';
import type { AccountsTables } from '../tables';
import { assertMayGrant } from './role-rules';

const errors = errorResponses(400, 401, 403, 404, 409);
const roleParams = z.object({ id: z.string().min(1).max(64) });
const holderParams = z.object({ id: z.string().min(1).max(64), userId: z.string().min(1).max(64) });
const guard = requirePermission('panel.roles');

function normalise(input: { name: string; codes: string[]; flags: string; immunityLevel: number }) {
  return {
    name: input.name.trim(),
    codes: [...new Set(input.codes.map((code) => code.trim()))],
    flags: [...new Set(input.flags)].sort().join(''),
    immunityLevel: input.immunityLevel,
  };
}

/** Roles: create, rename, edit, delete (refused while held unless reassigned), and who holds them. */
export const rolesRoutes: FastifyPluginAsyncZod<OwnDb<AccountsTables>> = async (app, { db }) => {
  // Every roles change goes to the audit log with its before and after, as the panel's do.
  const auditPanelChange = async (request: FastifyRequest, change: AuditedChange) =>
    auditService.writeChange(db, await actorOf(db, request), change);

  async function roleOr404(id: string): Promise<RoleRow> {
    const role = await findRole(db, id);
    if (!role) throw new HttpError(404, 'ROLE_NOT_FOUND', 'No role has this id');
    return role;
  }
  async function assertNameFree(name: string, exceptId: string | null) {
    if (await roleNameTaken(db, name, exceptId)) {
      throw new HttpError(409, 'ROLE_NAME_TAKEN', `A role named "${name}" already exists`);
    }
  }
  /** 403 when a role with a ban power would let its holders give more than the caller may (issue 25). */
  const assertLimitsWithinCaller = (caller: Principal, role: RoleRow) =>
    assertRolesWithinCallerLimits(db, caller.userId, [role]);
  async function roleWithHolders(id: string) {
    const role = (await listPanelRoles(db)).find((candidate) => candidate.id === id);
    if (!role) throw new HttpError(404, 'ROLE_NOT_FOUND', 'No role has this id');
    return role;
  }

  app.get(
    '/panel/roles',
    { preHandler: guard, schema: { tags: ['panel'], response: { 200: panelRolesResponseSchema, ...errors } } },
    async () => ({ roles: await listPanelRoles(db) }),
  );

  app.post(
    '/panel/roles',
    {
      preHandler: [guard, requireStepUp],
      schema: {
        tags: ['panel'],
        description:
          "Creates a role. Its flags, patterns and immunity must be within what the caller holds. `limits` (issue 25): the longest ban and comm block its holders may give (null = no limit), whether permanent ones too, whether they may lift others' bans, and (banGroupIds, issue 25 item 3) the server groups their bans are held to (null = any scope); absent = no limits.",
        body: panelRoleInputSchema,
        response: { 201: panelRoleSchema, ...errors },
      },
    },
    async (request, reply) => {
      const role = { id: newId(), ...normalise(request.body), limits: request.body.limits ?? UNLIMITED_ROLE };
      assertMayGrant(request.auth as Principal, role, 'This role');
      await assertLimitsWithinCaller(request.auth as Principal, role);
      await assertNameFree(role.name, null);
      await insertRole(db, role);
      await auditPanelChange(request, { message: `created role "${role.name}"`, before: null, after: role });
      return reply.status(201).send(await roleWithHolders(role.id));
    },
  );

  app.patch(
    '/panel/roles/:id',
    {
      preHandler: [guard, requireStepUp],
      schema: {
        tags: ['panel'],
        description: 'Renames or edits a role the caller may act on; the new content must be within their grants.',
        params: roleParams,
        body: panelRoleUpdateSchema,
        response: { 200: panelRoleSchema, ...errors },
      },
    },
    async (request) => {
      const caller = request.auth as Principal;
      const before = await roleOr404(request.params.id);
      assertMayGrant(caller, before, `The role "${before.name}"`);
      const after = {
        id: before.id,
        ...normalise({ ...before, ...request.body }),
        // Limits sent without banGroupIds (an editor that does not show them) keep the role's groups.
        limits: request.body.limits
          ? {
              ...request.body.limits,
              banGroupIds:
                request.body.limits.banGroupIds === undefined
                  ? (before.limits?.banGroupIds ?? null)
                  : request.body.limits.banGroupIds,
            }
          : before.limits,
      };
      assertMayGrant(caller, after, 'The edited role');
      await assertLimitsWithinCaller(caller, after);
      await assertMayActOnRoleHolders(db, caller, before.id, `change the role "${before.name}"`);
      if (after.name.toLowerCase() !== before.name.toLowerCase()) await assertNameFree(after.name, before.id);
      await updateRole(db, after);
      await auditPanelChange(request, { message: `edited role "${after.name}"`, before, after });
      return roleWithHolders(before.id);
    },
  );

  app.delete(
    '/panel/roles/:id',
    {
      preHandler: [guard, requireStepUp],
      schema: {
        tags: ['panel'],
        description:
          'Deletes a role. Refused (409 ROLE_IN_USE) while users hold it, unless reassignTo names another role.',
        params: roleParams,
        querystring: panelRoleDeleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = request.auth as Principal;
      const role = await roleOr404(request.params.id);
      assertMayGrant(caller, role, `The role "${role.name}"`);
      await assertMayActOnRoleHolders(db, caller, role.id, `delete the role "${role.name}"`);
      const holders = await holderIds(db, role.id);
      const reassignTo = request.query.reassignTo ?? null;
      let target: RoleRow | null = null;
      if (reassignTo) {
        if (reassignTo === role.id) throw new HttpError(400, 'BAD_REASSIGN', 'Pick another role to move holders to');
        target = (await findRole(db, reassignTo)) ?? null;
        if (!target) throw new HttpError(400, 'UNKNOWN_ROLE', `No role has the id ${reassignTo}`);
        assertMayGrant(caller, target, `The role "${target.name}"`);
      } else if (holders.length > 0) {
        throw new HttpError(
          409,
          'ROLE_IN_USE',
          `${holders.length} user(s) hold "${role.name}": remove it from them or move them to another role first`,
        );
      }
      await deleteRole(db, role.id, target?.id ?? null);
      await auditPanelChange(request, {
        message: `deleted role "${role.name}"${target ? `, moving ${holders.length} holder(s) to "${target.name}"` : ''}`,
        before: { ...role, holders: holders.length },
        after: null,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/panel/roles/:id/holders',
    {
      preHandler: guard,
      schema: { tags: ['panel'], params: roleParams, response: { 200: panelUsersResponseSchema, ...errors } },
    },
    async (request) => {
      await roleOr404(request.params.id);
      return { users: await listHolders(db, request.params.id) };
    },
  );

  async function userActedOn(caller: Principal, userId: string) {
    const user = await findPanelUser(db, userId);
    if (!user) throw new HttpError(404, 'USER_NOT_FOUND', 'No users were found for id?');
    // The one act-on rule (effective immunity on both sides, strictly lower).
    await assertMayActOn(db, caller, user.id, `change the roles of ${user.name}`);
    return user;
  }

  app.post(
    '/panel/roles/:id/holders',
    {
      preHandler: [guard, requireStepUp],
      schema: {
        tags: ['panel'],
        description: 'Gives the role to a user (by user id or SteamID64) the caller may act on.',
        params: roleParams,
        body: panelRoleHolderBodySchema,
        response: { 200: panelUsersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const caller = request.auth as Principal;
      const role = await roleOr404(request.params.id);
      assertMayGrant(caller, role, `The role "${role.name}"`);
      await assertLimitsWithinCaller(caller, role);
      const user = await userActedOn(caller, request.body.userId);
      if (await addHolder(db, role.id, user.id)) {
        await auditPanelChange(request, {
          message: `gave role "${role.name}"`,
          before: { holds: false },
          after: { holds: true },
          target: user.steamid ?? user.id,
          targetName: user.name,
        });
      }
      return { users: await listHolders(db, role.id) };
    },
  );

  app.delete(
    '/panel/roles/:id/holders/:userId',
    {
      preHandler: [guard, requireStepUp],
      schema: { tags: ['panel'], params: holderParams, response: { 200: panelUsersResponseSchema, ...errors } },
    },
    async (request) => {
      const caller = request.auth as Principal;
      const role = await roleOr404(request.params.id);
      assertMayGrant(caller, role, `The role "${role.name}"`);
      const user = await userActedOn(caller, request.params.userId);
      if (!(await removeHolder(db, role.id, user.id))) {
        throw new HttpError(404, 'NOT_HELD', `${user.name} does not hold "${role.name}"`);
      }
      await auditPanelChange(request, {
        message: `removed role "${role.name}"`,
        before: { holds: true },
        after: { holds: false },
        target: user.steamid ?? user.id,
        targetName: user.name,
      });
      return { users: await listHolders(db, role.id) };
    },
  );

  app.get(
    '/panel/users',
    {
      preHandler: guard,
      schema: {
        tags: ['panel'],
        description: 'Users to give a role to: name contains, or Steam id starts with, q (20 at most).',
        querystring: panelUserSearchQuerySchema,
        response: { 200: panelUsersResponseSchema, ...errors },
      },
    },
    async (request) => ({ users: await searchPanelUsers(db, request.query.q) }),
  );
};
