import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupManagementRoutes } from './group-management-routes';
import { liveCheckRoutes } from './live-check-routes';
import { serverManagementRoutes } from './server-management-routes';
import { invalidateServersCache } from './servers-response-cache';

/** The servers management API: groups and servers (permission servers.manage). */
export const managementRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (changes) => {
    // A change to a group or a server shows in this instance's next GET /api/servers at once.
    changes.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET') invalidateServersCache(changes.db);
      return payload;
    });
    await changes.register(groupManagementRoutes);
    await changes.register(serverManagementRoutes);
  });
  await app.register(liveCheckRoutes);
};
