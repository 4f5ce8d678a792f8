import type { ServerTemplate } from '@outpost/contracts';
import { dockerMessage, dockerRequest } from './docker-engine-client';
import {
  fillPlaceholders,
  type InstanceAddress,
  type InstanceRequest,
  ProvisionError,
  type Provisioner,
} from './provisioner';

/** Distinct container ports in template order: the first gets the chosen host port, the next +1... */
export function containerPorts(template: ServerTemplate | null): number[] {
  return [...new Set((template?.ports ?? []).map((port) => port.container))];
}

/** Starts instances as containers through the Docker Engine HTTP API (DOCKER_HOST). */
export class DockerDriver implements Provisioner {
  readonly type = 'docker' as const;
  constructor(
    private readonly dockerHost: string,
    private readonly timeoutMs: number,
  ) {}

  async create(request: InstanceRequest): Promise<InstanceAddress> {
    const template = request.template;
    if (!template) throw new ProvisionError('This group has no container template');
    const hostPorts = new Map(containerPorts(template).map((port, index) => [port, request.port + index]));
    const exposed: Record<string, object> = {};
    const bindings: Record<string, { HostPort: string }[]> = {};
    for (const { container, protocol } of template.ports) {
      exposed[`${container}/${protocol}`] = {};
      bindings[`${container}/${protocol}`] = [{ HostPort: String(hostPorts.get(container)) }];
    }
    const created = await dockerRequest(
      this.dockerHost,
      'POST',
      `/containers/create?name=outpost-${encodeURIComponent(request.serverId)}`,
      {
        Image: template.image,
        Env: Object.entries(template.env).map(([key, value]) => `${key}=${fillPlaceholders(value, request)}`),
        ExposedPorts: exposed,
        Labels: { 'outpost.server': request.serverId, 'outpost.group': request.groupId },
        HostConfig: { PortBindings: bindings, RestartPolicy: { Name: 'unless-stopped' } },
      },
      this.timeoutMs,
    );
    if (created.status !== 201)
      throw new ProvisionError(`Docker could not create the container: ${dockerMessage(created)}`);
    const id = (created.body as { Id?: unknown }).Id;
    if (typeof id !== 'string' || !/^[0-9a-f]{12,64}$/i.test(id))
      throw new ProvisionError('Docker answered without a container id');
    if (request.start) {
      const started = await dockerRequest(
        this.dockerHost,
        'POST',
        `/containers/${id}/start`,
        undefined,
        this.timeoutMs,
      );
      if (started.status !== 204 && started.status !== 304) {
        throw new ProvisionError(`Docker could not start the container: ${dockerMessage(started)}`);
      }
    }
    return {};
  }
}
