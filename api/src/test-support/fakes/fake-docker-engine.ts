import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export interface FakeContainer {
  id: string;
  name: string;
  image: string;
  env: string[];
  /** "27015/udp" -> host port. */
  ports: Record<string, number>;
  running: boolean;
}

export interface FakeDockerEngine {
  /** The DOCKER_HOST value to reach it: unix:///tmp/.../docker.sock */
  dockerHost: string;
  containers: FakeContainer[];
  /** Images that exist; creating from any other answers 404 "No such image". */
  images: Set<string>;
  close(): Promise<void>;
}

function send(response: http.ServerResponse, status: number, body?: unknown) {
  response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

/**
 * The few Docker Engine API calls Outpost makes (create, start, ping), on a unix socket.
 * `onStart` lets a test bring up a fake game server on the container's host port.
 */
export async function startFakeDockerEngine(
  options: { images?: string[]; onStart?: (container: FakeContainer) => void | Promise<void> } = {},
): Promise<FakeDockerEngine> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-docker-'));
  const socketPath = path.join(dir, 'docker.sock');
  const containers: FakeContainer[] = [];
  const images = new Set(options.images ?? ['outpost/l4d2:latest']);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const url = new URL(request.url ?? '/', 'http://docker');
      const route = url.pathname.replace(/^\/v1\.\d+/, '');
      if (request.method === 'GET' && route === '/_ping') return send(response, 200, 'OK');
      if (request.method === 'POST' && route === '/containers/create') {
        let body: Record<string, any>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return send(response, 400, { message: 'invalid JSON' });
        }
        if (!images.has(body.Image)) return send(response, 404, { message: `No such image: ${body.Image}` });
        const ports: Record<string, number> = {};
        for (const [key, bindings] of Object.entries(body.HostConfig?.PortBindings ?? {})) {
          ports[key] = Number((bindings as { HostPort: string }[])[0]?.HostPort);
        }
        const container: FakeContainer = {
          id: randomBytes(32).toString('hex'),
          name: url.searchParams.get('name') ?? '',
          image: body.Image,
          env: body.Env ?? [],
          ports,
          running: false,
        };
        containers.push(container);
        return send(response, 201, { Id: container.id, Warnings: [] });
      }
      const start = /^\/containers\/([0-9a-f]+)\/start$/.exec(route);
      if (request.method === 'POST' && start) {
        const container = containers.find((candidate) => candidate.id === start[1]);
        if (!container) return send(response, 404, { message: 'No such container' });
        if (container.running) return send(response, 304);
        container.running = true;
        await options.onStart?.(container);
        return send(response, 204);
      }
      send(response, 404, { message: `page not found: ${request.method} ${route}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return {
    dockerHost: `unix://${socketPath}`,
    containers,
    images,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
