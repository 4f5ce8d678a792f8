import { randomBytes } from 'node:crypto';
import {
  apiErrorSchema,
  createdInstanceSchema,
  createInstanceQuerySchema,
  NO_FREE_RESOURCES,
  noFreeResourcesErrorSchema,
  type ServerTemplate,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromJsonColumn, toJsonColumn } from '../../../db/json-column';
import type { OwnDb } from '../../../db/module-db';
import { nowSeconds } from '../../../lib/clock';
import { errorResponses } from '../../../lib/error-responses';
import { eventBus } from '../../../lib/event-bus';
import { HttpError } from '../../../lib/http-error';
import { newId } from '../../../lib/tokens';
import { requirePermission } from '../../../plugins/authorization';
import { countServersInGroup, findGroup, insertServer, portsInUse } from '../management-repository';
import { auditServers } from '../servers-audit';
import { invalidateServersCache } from '../servers-response-cache';
import type { ServersTables } from '../tables';
import { CustomDriver } from './custom-driver';
import { containerPorts, DockerDriver } from './docker-driver';
import { findFreePorts, parsePortRange } from './free-ports';
import { ProvisionError, type Provisioner } from './provisioner';
import { checkResources, readHostFigures, resourceThresholds } from './resource-check';

const params = z.object({ id: z.string().min(1).max(64) });
const errors = errorResponses(400, 401, 403, 404, 502);

/** POST /api/groups/{id}/servers?start=1: resource check, free port, driver, then the new server row. */
export const instancesRoutes: FastifyPluginAsyncZod<OwnDb<ServersTables>> = async (app, { db }) => {
  const config = app.config;
  const drivers: Record<'docker' | 'custom', Provisioner> = {
    docker: new DockerDriver(config.DOCKER_HOST, config.PROVISION_TIMEOUT_MS),
    custom: new CustomDriver(config.PROVISION_COMMAND, config.PROVISION_TIMEOUT_MS),
  };

  // A change here shows in this instance's next GET /api/servers at once.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET') invalidateServersCache(db);
    return payload;
  });

  app.post(
    '/groups/:id/servers',
    {
      preValidation: requirePermission('servers.create-instance'),
      schema: {
        tags: ['servers'],
        params,
        querystring: createInstanceQuerySchema,
        response: { 201: createdInstanceSchema, 409: z.union([noFreeResourcesErrorSchema, apiErrorSchema]), ...errors },
      },
    },
    async (request, reply) => {
      const group = await findGroup(db, request.params.id);
      if (!group) throw new HttpError(404, 'GROUP_NOT_FOUND', `There is no server group ${request.params.id}`);
      if (group.type !== 'docker' && group.type !== 'custom') {
        throw new HttpError(
          400,
          'GROUP_NOT_PROVISIONABLE',
          'Only groups of type docker or custom can create instances',
        );
      }
      const template = fromJsonColumn<ServerTemplate | null>(group.template, null);
      if (group.type === 'docker' && !template) {
        throw new HttpError(400, 'NO_TEMPLATE', `Group ${group.name} has no container template`);
      }
      const shortage = checkResources(await resourceThresholds(db, config), readHostFigures());
      if (shortage) {
        throw new HttpError(
          409,
          NO_FREE_RESOURCES,
          'There are not enough system resources available at this time to create a new instance.',
          shortage,
        );
      }
      const type: 'docker' | 'custom' = group.type;
      const driver = drivers[type];
      const ip = config.PROVISION_IP;
      const serverId = newId();
      const rconPassword = randomBytes(18).toString('base64url');
      const portCount = Math.max(1, containerPorts(template).length);
      const port = await findFreePorts(parsePortRange(config.PROVISION_PORTS), portCount, await portsInUse(db, ip));
      if (port === null) throw new HttpError(409, 'NO_FREE_PORT', `No free port left in ${config.PROVISION_PORTS}`);
      const name = `${group.name} #${(await countServersInGroup(db, group.id)) + 1}`;
      const start = request.query.start === '1';
      let address: Awaited<ReturnType<Provisioner['create']>>;
      try {
        address = await driver.create({
          serverId,
          groupId: group.id,
          name,
          templateId: group.template_id,
          template,
          port,
          rconPassword,
          start,
        });
      } catch (error) {
        if (!(error instanceof ProvisionError)) throw error;
        await auditServers(request, `Creating an instance of group "${group.name}" failed: ${error.message}`);
        eventBus(db).emit('instance.outcome', {
          groupName: group.name,
          ok: false,
          detail: error.message,
          serverId: null,
        });
        throw new HttpError(502, 'PROVISION_FAILED', error.message);
      }
      const created = {
        serverId,
        hostname: address.hostname ?? config.PROVISION_HOSTNAME ?? new URL(config.PUBLIC_URL).hostname,
        ip: address.ip ?? ip,
        port: address.port ?? port,
        type,
      };
      await insertServer(db, {
        id: serverId,
        group_id: group.id,
        name,
        host: created.hostname,
        ip: created.ip,
        port: created.port,
        query_port: null,
        rcon_port: null,
        rcon_password: rconPassword,
        tags: group.tags,
        features: '[]',
        actions: '[]',
        status: toJsonColumn({ online: false, data: null }),
        status_updated_at: null,
        created_at: nowSeconds(),
      });
      await auditServers(
        request,
        `Created instance "${name}" of group "${group.name}" at ${created.ip}:${created.port}`,
        serverId,
      );
      eventBus(db).emit('instance.outcome', { groupName: group.name, ok: true, detail: name, serverId });
      return reply.status(201).send(created);
    },
  );
};
