import {
  type ManagedServer,
  type ManagedServerGroup,
  managedServerGroupSchema,
  managedServerSchema,
  type ServerCreate,
  type ServerGroup,
  type ServerGroupCreate,
  type ServerGroupPatch,
  type ServerLiveCheckRequest,
  type ServerLiveCheckResponse,
  type ServerPatch,
  serverGroupsResponseSchema,
  serverLiveCheckResponseSchema,
} from '@outpost/contracts';
import type { HostApi } from '@outpost/host';

/** The part of a zod schema this file uses (zod itself is the contracts package's dependency). */
interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * One call through the host's helper, which already toasts a failure (SPEC 7):
 * the parsed answer, `true` for an answer without a body, or null when it failed.
 */
async function call<T>(host: HostApi, path: string, init: RequestInit, schema: Schema<T>): Promise<T | null> {
  const response = await host.apiFetch(path, init);
  if (!response?.ok) return null;
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    host.notify({
      level: 'error',
      title: 'Unexpected answer',
      message: `The API answered ${path} in an unknown shape`,
    });
    return null;
  }
  return parsed.data;
}

async function send(host: HostApi, path: string, init: RequestInit): Promise<boolean> {
  const response = await host.apiFetch(path, init);
  return Boolean(response?.ok);
}

const id = encodeURIComponent;
const body = (method: string, value: unknown): RequestInit => ({
  method,
  headers: JSON_HEADERS,
  body: JSON.stringify(value),
});

export const managementApi = {
  listGroups: (host: HostApi): Promise<ServerGroup[] | null> =>
    call(host, '/api/servers', {}, serverGroupsResponseSchema),
  getGroup: (host: HostApi, groupId: string): Promise<ManagedServerGroup | null> =>
    call(host, `/api/servers/groups/${id(groupId)}`, {}, managedServerGroupSchema),
  createGroup: (host: HostApi, input: ServerGroupCreate) =>
    call(host, '/api/servers/groups', body('POST', input), managedServerGroupSchema),
  patchGroup: (host: HostApi, groupId: string, patch: ServerGroupPatch) =>
    call(host, `/api/servers/groups/${id(groupId)}`, body('PATCH', patch), managedServerGroupSchema),
  deleteGroup: (host: HostApi, groupId: string) =>
    send(host, `/api/servers/groups/${id(groupId)}`, { method: 'DELETE' }),
  getServer: (host: HostApi, serverId: string): Promise<ManagedServer | null> =>
    call(host, `/api/servers/${id(serverId)}`, {}, managedServerSchema),
  createServer: (host: HostApi, input: ServerCreate) =>
    call(host, '/api/servers', body('POST', input), managedServerSchema),
  patchServer: (host: HostApi, serverId: string, patch: ServerPatch) =>
    call(host, `/api/servers/${id(serverId)}`, body('PATCH', patch), managedServerSchema),
  deleteServer: (host: HostApi, serverId: string) => send(host, `/api/servers/${id(serverId)}`, { method: 'DELETE' }),
  liveCheck: (host: HostApi, input: ServerLiveCheckRequest): Promise<ServerLiveCheckResponse | null> =>
    call(host, '/api/servers/check', body('POST', input), serverLiveCheckResponseSchema),
};
