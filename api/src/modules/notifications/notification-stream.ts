import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { securityHeaders } from '../../plugins/protection';
import { sessionStillValid } from '../auth/sessions-service';
import { hubFor } from './stream-hub';
import type { StreamLimits } from './stream-limits';

/**
 * Streams one user's notifications: the instance's stream hub sends every stored row
 * after the stream's last id whenever the user is woken (an announcement, a heartbeat).
 */
export async function openNotificationStream(
  request: FastifyRequest,
  reply: FastifyReply,
  resumeAfter: number | null,
  /** Every open stream's closer, so the app can end them when it shuts down. */
  openStreams: Set<() => void>,
  limits: StreamLimits,
): Promise<void> {
  const { db, config } = request.server;
  const userId = (request.auth as { userId: string }).userId;
  if (!limits.admits(request.ip)) {
    throw new HttpError(429, 'TOO_MANY_STREAMS', 'Too many notification streams are open from your address');
  }
  // Without a resume point the stream starts with every stored (uncleared) notification:
  // nothing created between the caller's profile load and this connection can be missed.
  const lastId = resumeAfter ?? 0;
  let closed = false;

  reply.hijack();
  const raw = reply.raw;
  // Written outside Fastify's reply, so the security headers are added here (the same set).
  raw.writeHead(200, {
    ...securityHeaders(config.PUBLIC_URL.startsWith('https:'), true),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(': connected\n\n');

  const hub = hubFor(db, (error) => request.log.warn({ err: error }, 'notification stream read failed'));
  const remove = hub.add({
    userId,
    lastId,
    send: (notification) => {
      if (!closed) raw.write(`id: ${notification.id}\ndata: ${JSON.stringify(notification)}\n\n`);
    },
  });
  // Each heartbeat also re-reads: rows written by another process that could not wake us
  // (a second SQLite process, a NOTIFY lost while the listener reconnected) still arrive.
  // A stream opened by a session ends once that session is logged out or revoked.
  const sessionId = request.auth?.sessionId ?? null;
  const heartbeat = setInterval(async () => {
    if (
      sessionId &&
      !(await sessionStillValid(db, sessionId, config.SESSION_ABSOLUTE_LIFETIME_HOURS * 3600).catch(() => true))
    )
      return close();
    raw.write(': heartbeat\n\n');
    hub.wake([userId]);
  }, config.SSE_HEARTBEAT_SECONDS * 1000);
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    remove();
    release();
    openStreams.delete(close);
    raw.end();
  };
  raw.on('close', close);
  openStreams.add(close);
  // Over the per-user cap this closes the user's oldest stream.
  const release = limits.register(userId, request.ip, close);
  // Everything after the resume point.
  hub.wake([userId]);
}
