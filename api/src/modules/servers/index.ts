// The servers module's door: the server list and status (/servers), management of groups
// and servers, actions over RCON, instances (provisioning), links, and the status poller.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Door } from '../../db/module-db';
import { linksRoutes } from './links-routes';
import { insertGroup, insertServer } from './management-repository';
import { managementRoutes } from './management-routes';
import { backfillServerHistory, statusPollerPlugin } from './poller';
import { instancesRoutes } from './provisioning';
import { rconAddress } from './rcon-target';
import { serverActionRoutes } from './server-action-routes';
import { serverHistoryRoutes } from './server-history-routes';
import { serverPeakHoursRoutes } from './server-peak-hours-routes';
import {
  groupsByIds,
  listGroupsWithServers,
  queriedPlayerNames,
  serverDirectory,
  serverGroupOf,
  serverNameMap,
} from './servers-repository';
import { serversRoutes } from './servers-routes';
import type { ServersTables } from './tables';

export type { ServerGroupsTable, ServersTable } from './tables';

export const serversModule: FastifyPluginAsyncZod = async (app) => {
  // This module's view of the database: its own tables (the module's one cast; the same instance).
  const db = app.db as Kysely<ServersTables>;
  await app.register(serversRoutes, { db });
  await app.register(serverHistoryRoutes, { db });
  await app.register(serverPeakHoursRoutes, { db });
  await app.register(managementRoutes, { db });
  await app.register(serverActionRoutes, { db });
  await app.register(instancesRoutes, { db });
  await app.register(linksRoutes, { db });
  await app.register(statusPollerPlugin, { db });
};

const serversDoor = {
  listGroupsWithServers,
  /** Server id -> name. */
  serverNameMap,
  groupsByIds,
  /** Groups and servers by id with names and each server's group (ban scopes). */
  serverDirectory,
  /** A server's group id, or undefined (the connect check: one primary-key read). */
  serverGroupOf,
  /** A server's name and the player names of its last status answer (who is where: servers without a plugin). */
  queriedPlayerNames,
  /** A new group / server row as it is (no checks, no audit): for seeding, e.g. `pnpm demo`. */
  insertGroup,
  insertServer,
  /** Made-up days of history in the rollups, for `pnpm demo` (its charts are alive at start). */
  backfillServerHistory,
  /** The server's RCON host, port and password, or null without a password (game enforcement). */
  rconAddress,
};

/**
 * What other modules ask of the servers module. Callers hand over their own view of the database (the same instance,
 * or their transaction); this door sees its own tables through it.
 */
export const serversService = serversDoor as unknown as Door<typeof serversDoor>;
