import { isLocale } from '@outpost/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { HttpError } from '../../lib/http-error';
import type { CredentialCheck, StreamCredential } from '../../lib/stream-credential';
import { visitLocale } from '../../lib/visit-locale';
import { securityHeaders } from '../../plugins/protection';
import { hubFor } from './stream-hub';
import type { StreamLimits } from './stream-limits';
import type { NotificationsTables } from './tables';

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
  /** Whether the stream's credential still holds (the auth module's, given by app.ts). */
  check: CredentialCheck,
  /** The language the page shows (the stream's ?locale=), else the request's (issue 27). */
  asked: string | undefined = undefined,
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
    locale: isLocale(asked) ? asked : visitLocale(request),
    send: (notification) => {
      if (!closed) raw.write(`id: ${notification.id}\ndata: ${JSON.stringify(notification)}\n\n`);
    },
  });
  // Each heartbeat also re-reads: rows written by another process that could not wake us
  // (a second SQLite process, a NOTIFY lost while the listener reconnected) still arrive.
  // The stream ends the moment its credential does (announceCredentialEnd rechecks every
  // stream at once); the heartbeat checks too, should an announcement be lost.
  const credential = check.credentialOf(request);
  const absoluteS = config.SESSION_ABSOLUTE_LIFETIME_HOURS * 3600;
  const heartbeat = setInterval(async () => {
    if (credential && !(await check.liveCredentials(db, [credential], absoluteS).catch(() => [true]))[0])
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
    streamsOf(db).delete(entry);
    openStreams.delete(close);
    raw.end();
  };
  const entry: OpenStream = { credential, close, absoluteS, check };
  streamsOf(db).add(entry);
  raw.on('close', close);
  openStreams.add(close);
  // Over the per-user cap this closes the user's oldest stream.
  const release = limits.register(userId, request.ip, close);
  // Everything after the resume point.
  hub.wake([userId]);
}

interface OpenStream {
  credential: StreamCredential | null;
  close(): void;
  absoluteS: number;
  check: CredentialCheck;
}

const openByDatabase = new WeakMap<Kysely<NotificationsTables>, Set<OpenStream>>();

function streamsOf(db: Kysely<NotificationsTables>): Set<OpenStream> {
  let set = openByDatabase.get(db);
  if (!set) {
    set = new Set();
    openByDatabase.set(db, set);
  }
  return set;
}

/**
 * Ends every open stream (of this instance) whose credential no longer holds: batched,
 * one query per kind. Run when any credential ends (see announceCredentialEnd).
 */
export async function recheckStreamCredentials(db: Kysely<NotificationsTables>): Promise<void> {
  const streams = [...streamsOf(db)].filter((stream) => stream.credential !== null);
  if (streams.length === 0) return;
  const check = (streams[0] as OpenStream).check;
  const live = await check.liveCredentials(
    db,
    streams.map((stream) => stream.credential as StreamCredential),
    streams[0]?.absoluteS ?? 0,
  );
  streams.forEach((stream, index) => {
    if (!live[index]) stream.close();
  });
}
