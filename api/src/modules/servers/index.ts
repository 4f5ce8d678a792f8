// The servers module's door: the server list and status (/servers), management of groups
// and servers, actions over RCON, instances (provisioning), links, and the status poller.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linksRoutes } from './links-routes';
import { insertGroup, insertServer } from './management-repository';
import { managementRoutes } from './management-routes';
import { statusPollerPlugin } from './poller';
import { instancesRoutes } from './provisioning';
import { serverActionRoutes } from './server-action-routes';
import { groupsByIds, listGroupsWithServers, serverNameMap } from './servers-repository';
import { serversRoutes } from './servers-routes';

export type { ServerGroupsTable, ServersTable } from './tables';

export const serversModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(serversRoutes);
  await app.register(managementRoutes);
  await app.register(serverActionRoutes);
  await app.register(instancesRoutes);
  await app.register(linksRoutes);
  await app.register(statusPollerPlugin);
};

export const serversService = {
  listGroupsWithServers,
  /** Server id -> name. */
  serverNameMap,
  groupsByIds,
  /** A new group / server row as it is (no checks, no audit): for seeding, e.g. `pnpm demo`. */
  insertGroup,
  insertServer,
};
