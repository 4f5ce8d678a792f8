import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../db/module-db';
import { groupManagementRoutes } from './group-management-routes';
import { liveCheckRoutes } from './live-check-routes';
import { serverManagementRoutes } from './server-management-routes';
import { invalidateServersCache } from './servers-response-cache';
import type { ServersTables } from './tables';

/** The servers management API: groups and servers (permission servers.manage). */
export const managementRoutes: FastifyPluginAsyncZod<OwnDb<ServersTables>> = async (app, { db }) => {
  await app.register(async (changes) => {
    // A change to a group or a server shows in this instance's next GET /api/servers at once.
    changes.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET') invalidateServersCache(db);
      return payload;
    });
    await changes.register(groupManagementRoutes, { db });
    await changes.register(serverManagementRoutes, { db });
  });
  await app.register(liveCheckRoutes);
};
