import { managedServerSchema, serverCreateSchema, serverPatchSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toJsonColumn } from '../../db/json-column';
import type { OwnDb } from '../../db/module-db';
import { nowSeconds } from '../../lib/clock';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import { newId } from '../../lib/tokens';
import { requirePermission } from '../../plugins/authorization';
import {
  deleteServer,
  findGroup,
  findManagedServer,
  findServer,
  insertServer,
  updateServer,
} from './management-repository';
import { serverRowValues } from './server-row-values';
import { auditServers } from './servers-audit';
import type { ServersTables } from './tables';

const idParams = z.object({ id: z.string().min(1).max(64) });
const errors = errorResponses(400, 401, 403, 404);

function serverNotFound(id: string): HttpError {
  return new HttpError(404, 'SERVER_NOT_FOUND', `There is no server ${id}`);
}

/** Servers CRUD (servers.manage), every change audit-logged; the RCON password is write-only. */
export const serverManagementRoutes: FastifyPluginAsyncZod<OwnDb<ServersTables>> = async (app, { db }) => {
  // preValidation, not preHandler: a signed-out caller hears 401 before any word on its input.
  const guard = { preValidation: requirePermission('servers.manage') };
  const tags = ['servers'];

  app.post(
    '/servers',
    { ...guard, schema: { tags, body: serverCreateSchema, response: { 201: managedServerSchema, ...errors } } },
    async (request, reply) => {
      const input = request.body;
      if (!(await findGroup(db, input.groupId))) {
        throw new HttpError(400, 'GROUP_NOT_FOUND', `There is no server group ${input.groupId}`);
      }
      const id = newId();
      await insertServer(db, {
        ...serverRowValues(input),
        id,
        group_id: input.groupId,
        name: input.name,
        host: input.host,
        ip: input.ip,
        port: input.port,
        tags: toJsonColumn(input.tags),
        features: toJsonColumn(input.features),
        actions: toJsonColumn(input.actions),
        status: null,
        status_updated_at: null,
        created_at: nowSeconds(),
      });
      await auditServers(request, `Created server "${input.name}" (${id}) at ${input.ip}:${input.port}`, id);
      return reply.status(201).send((await findManagedServer(db, id))!);
    },
  );

  app.get(
    '/servers/:id',
    { ...guard, schema: { tags, params: idParams, response: { 200: managedServerSchema, ...errors } } },
    async (request) => {
      const server = await findManagedServer(db, request.params.id);
      if (!server) throw serverNotFound(request.params.id);
      return server;
    },
  );

  app.patch(
    '/servers/:id',
    {
      ...guard,
      schema: { tags, params: idParams, body: serverPatchSchema, response: { 200: managedServerSchema, ...errors } },
    },
    async (request) => {
      const { id } = request.params;
      const server = await findServer(db, id);
      if (!server) throw serverNotFound(id);
      const input = request.body;
      if (input.groupId !== undefined && !(await findGroup(db, input.groupId))) {
        throw new HttpError(400, 'GROUP_NOT_FOUND', `There is no server group ${input.groupId}`);
      }
      const values = serverRowValues(input);
      await updateServer(db, id, values);
      // The field names are logged, never the values: one of them may be the RCON password.
      await auditServers(
        request,
        `Edited server "${server.name}" (${id}): ${Object.keys(input).join(', ') || 'nothing'}`,
        id,
      );
      return (await findManagedServer(db, id))!;
    },
  );

  app.delete(
    '/servers/:id',
    { ...guard, schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const server = await findServer(db, request.params.id);
      if (!server) throw serverNotFound(request.params.id);
      await deleteServer(db, server.id);
      await auditServers(request, `Deleted server "${server.name}" (${server.id})`, server.id);
      return reply.status(204).send(null);
    },
  );
};
