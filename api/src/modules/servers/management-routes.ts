import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupManagementRoutes } from './group-management-routes';
import { liveCheckRoutes } from './live-check-routes';
import { serverManagementRoutes } from './server-management-routes';

/** The servers management API: groups and servers (permission servers.manage). */
export const managementRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(groupManagementRoutes);
  await app.register(serverManagementRoutes);
  await app.register(liveCheckRoutes);
};
