import {
  type ManagedServer,
  managedServerGroupSchema,
  managedServerSchema,
  type ServerCreate,
  type ServerGroupCreate,
  type ServerGroupPatch,
  type ServerLiveCheckRequest,
  type ServerLiveCheckResponse,
  type ServerPatch,
  serverLiveCheckResponseSchema,
} from '@outpost/contracts';
import { type HostApi, type JsonMethod, type Schema, sendJson } from '@outpost/host';

/**
 * One call through the kit's sendJson (the host helper toasts a failure, SPEC 7): the
 * schema-checked answer, or null when it failed.
 */
async function call<T>(
  host: HostApi,
  method: JsonMethod,
  path: string,
  schema: Schema<T>,
  body?: unknown,
): Promise<T | null> {
  const result = await sendJson(host, method, path, body, schema);
  return result.ok && result.data !== true ? result.data : null;
}

async function send(host: HostApi, path: string): Promise<boolean> {
  return (await sendJson(host, 'DELETE', path)).ok;
}

const id = encodeURIComponent;

export const managementApi = {
  createGroup: (host: HostApi, input: ServerGroupCreate) =>
    call(host, 'POST', '/api/servers/groups', managedServerGroupSchema, input),
  patchGroup: (host: HostApi, groupId: string, patch: ServerGroupPatch) =>
    call(host, 'PATCH', `/api/servers/groups/${id(groupId)}`, managedServerGroupSchema, patch),
  deleteGroup: (host: HostApi, groupId: string) => send(host, `/api/servers/groups/${id(groupId)}`),
  getServer: (host: HostApi, serverId: string): Promise<ManagedServer | null> =>
    call(host, 'GET', `/api/servers/${id(serverId)}`, managedServerSchema),
  createServer: (host: HostApi, input: ServerCreate) => call(host, 'POST', '/api/servers', managedServerSchema, input),
  patchServer: (host: HostApi, serverId: string, patch: ServerPatch) =>
    call(host, 'PATCH', `/api/servers/${id(serverId)}`, managedServerSchema, patch),
  deleteServer: (host: HostApi, serverId: string) => send(host, `/api/servers/${id(serverId)}`),
  liveCheck: (host: HostApi, input: ServerLiveCheckRequest): Promise<ServerLiveCheckResponse | null> =>
    call(host, 'POST', '/api/servers/check', serverLiveCheckResponseSchema, input),
};
