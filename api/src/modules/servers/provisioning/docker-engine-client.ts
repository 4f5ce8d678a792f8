import http from 'node:http';
import { ProvisionError } from './provisioner';

const API_VERSION = 'v1.41';
const MAX_ANSWER_BYTES = 1024 * 1024;

export interface DockerAnswer {
  status: number;
  body: unknown;
}

/** Where DOCKER_HOST points: a unix socket or a TCP host and port. */
export function dockerEndpoint(dockerHost: string): http.RequestOptions {
  if (dockerHost.startsWith('unix://')) return { socketPath: dockerHost.slice('unix://'.length) };
  const url = new URL(dockerHost.replace(/^tcp:/, 'http:'));
  return { host: url.hostname, port: Number(url.port || 2375) };
}

/** One JSON call to the Docker Engine HTTP API. */
export function dockerRequest(
  dockerHost: string,
  method: string,
  path: string,
  body: unknown,
  timeoutMs: number,
): Promise<DockerAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const request = http.request(
      {
        ...dockerEndpoint(dockerHost),
        method,
        path: `/${API_VERSION}${path}`,
        headers: payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {},
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) return void request.destroy(new Error('Docker answer too large'));
          chunks.push(chunk);
        });
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {}
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('Docker Engine did not answer in time')));
    request.on('error', (error) => reject(new ProvisionError(`Cannot reach the Docker Engine: ${error.message}`)));
    request.end(payload);
  });
}

export function dockerMessage(answer: DockerAnswer): string {
  const message = (answer.body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message.slice(0, 300) : `status ${answer.status}`;
}
