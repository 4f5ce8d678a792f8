import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionStillValid } from '../auth/sessions-service';
import { subscribe } from './notifications-fanout';
import { listNotificationRows } from './notifications-repository';

/**
 * Streams one user's notifications. The stream keeps the last id it sent and, whenever
 * woken, sends every stored row after it, in order, one read at a time: nothing is sent
 * twice and nothing announced while a read runs is missed.
 */
export async function openNotificationStream(
  request: FastifyRequest,
  reply: FastifyReply,
  resumeAfter: number | null,
  /** Every open stream's closer, so the app can end them when it shuts down. */
  openStreams: Set<() => void>,
): Promise<void> {
  const { db, config } = request.server;
  const userId = (request.auth as { userId: string }).userId;
  let lastId = resumeAfter ?? (await newestId(request));
  let reading = false;
  let again = false;
  let closed = false;

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(': connected\n\n');

  const sendNew = async (): Promise<void> => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const rows = await listNotificationRows(db, userId, lastId);
        for (const row of rows) {
          if (closed) return;
          raw.write(`id: ${row.id}\ndata: ${JSON.stringify(row)}\n\n`);
          lastId = Number(row.id);
        }
        if (rows.length === 200) again = true;
      } while (again && !closed);
    } catch (error) {
      request.log.warn({ err: error }, 'notification stream read failed');
    } finally {
      reading = false;
    }
  };

  const unsubscribe = subscribe(db, userId, () => void sendNew());
  // Each heartbeat also re-reads: rows written by another process that could not wake us
  // (a second SQLite process, a NOTIFY lost while the listener reconnected) still arrive.
  // A stream opened by a session ends once that session is logged out or revoked.
  const sessionId = request.auth?.sessionId ?? null;
  const heartbeat = setInterval(async () => {
    if (sessionId && !(await sessionStillValid(db, sessionId).catch(() => true))) return close();
    raw.write(': heartbeat\n\n');
    void sendNew();
  }, config.SSE_HEARTBEAT_SECONDS * 1000);
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    openStreams.delete(close);
    raw.end();
  };
  raw.on('close', close);
  openStreams.add(close);
  // Whatever arrived after the resume point (or between the id read and the subscription).
  await sendNew();
}

async function newestId(request: FastifyRequest): Promise<number> {
  const row = await request.server.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('user_id', '=', (request.auth as { userId: string }).userId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
