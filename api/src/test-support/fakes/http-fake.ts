import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The whole body of a request to a fake HTTP party, as text. */
export function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

/** Closes a fake HTTP party at once, kept-alive connections included. */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** A fake HTTP party on a loopback port that counts the requests it gets. */
export interface CountingServer {
  server: http.Server;
  port: number;
  /** Requests answered so far. */
  readonly hits: number;
}

/** Starts `handle` on a free loopback port, counting each request before it is handled. */
export async function startCountingServer(handle: http.RequestListener): Promise<CountingServer> {
  let hits = 0;
  const server = http.createServer((request, response) => {
    hits += 1;
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    get hits() {
      return hits;
    },
  };
}
