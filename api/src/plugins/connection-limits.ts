import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config';

/*
 * Issue 9 item 5: file descriptors are the server's lifeline. A client may not hold more
 * than MAX_CONNECTIONS_PER_IP sockets, the whole server no more than MAX_CONNECTIONS
 * (below the process's open-file limit), and a connection that sends its headers or its
 * request too slowly is closed. A socket over a cap is destroyed on arrival, before any
 * byte is read, so slow-header floods cost the server nothing it needs for other clients.
 * Behind a reverse proxy every socket comes from the proxy: set MAX_CONNECTIONS_PER_IP=0
 * there and let the proxy limit per client (README, "Behind a reverse proxy").
 */

/** Node's own time-outs for Fastify's `http` option: headers, whole request, and how often they are checked. */
export function httpServerOptions(config: Config): ServerOptions {
  return {
    headersTimeout: config.HEADERS_TIMEOUT_MS,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    // Time-outs are enforced by a sweep; Node's default (30 s) would let slow sockets linger.
    connectionsCheckingInterval: 1000,
  };
}

/** Caps open sockets globally and per client address on the HTTP server. */
export function limitConnections(server: Server, config: Config): void {
  server.maxConnections = config.MAX_CONNECTIONS;
  const perIp = config.MAX_CONNECTIONS_PER_IP;
  if (perIp <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const ip = socket.remoteAddress ?? '';
    const count = (open.get(ip) ?? 0) + 1;
    if (count > perIp) {
      socket.destroy();
      return;
    }
    open.set(ip, count);
    socket.once('close', () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left <= 0) open.delete(ip);
      else open.set(ip, left);
    });
  });
}
