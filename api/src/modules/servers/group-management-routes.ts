import { managedServerGroupSchema, serverGroupCreateSchema, serverGroupPatchSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toJsonColumn } from '../../db/json-column';
import type { OwnDb } from '../../db/module-db';
import { nowSeconds } from '../../lib/clock';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import { newId } from '../../lib/tokens';
import { requirePermission } from '../../plugins/authorization';
import { deleteGroupAndServers, findGroup, insertGroup, toManagedGroup, updateGroup } from './management-repository';
import { auditServers } from './servers-audit';
import type { ServersTables } from './tables';

const idParams = z.object({ id: z.string().min(1).max(64) });
const errors = errorResponses(400, 401, 403, 404);

function groupNotFound(id: string): HttpError {
  return new HttpError(404, 'GROUP_NOT_FOUND', `There is no server group ${id}`);
}

/** Server groups CRUD (servers.manage), every change audit-logged. */
export const groupManagementRoutes: FastifyPluginAsyncZod<OwnDb<ServersTables>> = async (app, { db }) => {
  // preValidation, not preHandler: a signed-out caller hears 401 before any word on its input.
  const guard = { preValidation: requirePermission('servers.manage') };
  const tags = ['servers'];

  app.post(
    '/servers/groups',
    {
      ...guard,
      schema: { tags, body: serverGroupCreateSchema, response: { 201: managedServerGroupSchema, ...errors } },
    },
    async (request, reply) => {
      const input = request.body;
      const id = newId();
      await insertGroup(db, {
        id,
        name: input.name,
        description: input.description,
        game: input.game,
        type: input.type,
        template_id: input.templateId,
        template: input.template ? toJsonColumn(input.template) : null,
        tags: toJsonColumn(input.tags),
        actions: toJsonColumn(input.actions),
        sort_order: input.sortOrder,
        created_at: nowSeconds(),
      });
      await auditServers(request, `Created server group "${input.name}" (${id})`);
      return reply.status(201).send(toManagedGroup((await findGroup(db, id))!));
    },
  );

  app.get(
    '/servers/groups/:id',
    { ...guard, schema: { tags, params: idParams, response: { 200: managedServerGroupSchema, ...errors } } },
    async (request) => {
      const group = await findGroup(db, request.params.id);
      if (!group) throw groupNotFound(request.params.id);
      return toManagedGroup(group);
    },
  );

  app.patch(
    '/servers/groups/:id',
    {
      ...guard,
      schema: {
        tags,
        params: idParams,
        body: serverGroupPatchSchema,
        response: { 200: managedServerGroupSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const group = await findGroup(db, id);
      if (!group) throw groupNotFound(id);
      const input = request.body;
      const values = {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.game !== undefined && { game: input.game }),
        ...(input.type !== undefined && { type: input.type }),
        ...(input.templateId !== undefined && { template_id: input.templateId }),
        ...(input.template !== undefined && { template: input.template ? toJsonColumn(input.template) : null }),
        ...(input.tags !== undefined && { tags: toJsonColumn(input.tags) }),
        ...(input.actions !== undefined && { actions: toJsonColumn(input.actions) }),
        ...(input.sortOrder !== undefined && { sort_order: input.sortOrder }),
      };
      await updateGroup(db, id, values);
      await auditServers(
        request,
        `Edited server group "${group.name}" (${id}): ${Object.keys(input).join(', ') || 'nothing'}`,
      );
      return toManagedGroup((await findGroup(db, id))!);
    },
  );

  app.delete(
    '/servers/groups/:id',
    { ...guard, schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const group = await findGroup(db, request.params.id);
      if (!group) throw groupNotFound(request.params.id);
      await deleteGroupAndServers(db, group.id);
      await auditServers(request, `Deleted server group "${group.name}" (${group.id}) and its servers`);
      return reply.status(204).send(null);
    },
  );
};
