import pg from 'pg';

export interface PgListener {
  databaseUrl: string;
  /** The connection's application_name (tests find the connection by it). */
  applicationName: string;
  channel: string;
  /** What the log lines call the connection, e.g. 'Notification listener'. */
  name: string;
  log: { warn(message: string): void };
  /** A notification on the channel with a non-empty payload. */
  onPayload(payload: string): void;
  /** After each (re)connect: whatever was notified while there was no connection was missed, so look again. */
  onConnected(): void;
}

/**
 * On PostgreSQL: one LISTEN connection on a channel, reconnecting after a drop (250 ms, doubling, at most 10 s
 * between tries). Answers the function that closes it for good.
 */
export function listenReconnecting(listener: PgListener): () => Promise<void> {
  const { log, name } = listener;
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: listener.databaseUrl, application_name: listener.applicationName });
    next.on('notification', (message) => {
      if (message.channel === listener.channel && message.payload) listener.onPayload(message.payload);
    });
    // Only the live client's loss starts a reconnect (a stale one ending later must not).
    const lost = () => {
      if (client === null || client === next) reconnect();
    };
    next.on('error', (error) => {
      log.warn(`${name} lost its connection: ${error.message}`);
      lost();
    });
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN ${listener.channel}`);
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
      failures = 0;
      listener.onConnected();
    } catch (error) {
      log.warn(`${name} could not connect: ${(error as Error).message}`);
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      reconnect();
    }
  };
  const reconnect = () => {
    if (stopped || retry) return;
    client = null;
    // Back off while PostgreSQL stays away.
    const delay = Math.min(10_000, 250 * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
  };
  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    current?.removeAllListeners('end');
    await current?.end().catch(() => undefined);
  };
}
