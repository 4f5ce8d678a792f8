import type { ServerTemplate } from '@outpost/contracts';

/** What a driver needs to start one game server instance. */
export interface InstanceRequest {
  serverId: string;
  groupId: string;
  name: string;
  templateId: string | null;
  template: ServerTemplate | null;
  /** The first of the consecutive host ports chosen for this instance. */
  port: number;
  rconPassword: string;
  start: boolean;
}

/** Where the new instance answers; a driver may override the defaults it was given. */
export interface InstanceAddress {
  hostname?: string;
  ip?: string;
  port?: number;
}

/** A way to start instances: the Docker Engine API or a configured command. */
export interface Provisioner {
  readonly type: 'docker' | 'custom';
  create(request: InstanceRequest): Promise<InstanceAddress>;
}

/** A driver failure with a message fit for the client (never a secret). */
export class ProvisionError extends Error {
  override name = 'ProvisionError';
}

/** `{port}`, `{rconPassword}`... replaced by the request's values; unknown names stay as they are. */
export function fillPlaceholders(text: string, request: InstanceRequest): string {
  const values: Record<string, string> = {
    serverId: request.serverId,
    groupId: request.groupId,
    name: request.name,
    templateId: request.templateId ?? '',
    port: String(request.port),
    rconPassword: request.rconPassword,
    start: request.start ? '1' : '0',
  };
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
