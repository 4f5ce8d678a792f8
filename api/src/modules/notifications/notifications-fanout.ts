import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/schema';
import { isSqlite } from '../../db/schema-helpers';

/** The PostgreSQL channel that tells every API instance "user X has something new". */
export const NOTIFY_CHANNEL = 'outpost_notifications';

type Listener = () => void;

/** Open streams on this instance, per user, per database. */
const localListeners = new WeakMap<Kysely<Database>, Map<string, Set<Listener>>>();

function listenersOf(db: Kysely<Database>): Map<string, Set<Listener>> {
  let byUser = localListeners.get(db);
  if (!byUser) {
    byUser = new Map();
    localListeners.set(db, byUser);
  }
  return byUser;
}

function wake(db: Kysely<Database>, userId: string | null): void {
  const byUser = listenersOf(db);
  const targets = userId === null ? [...byUser.values()] : [byUser.get(userId) ?? new Set<Listener>()];
  for (const set of targets) for (const listener of set) listener();
}

/**
 * Says "this user has new notifications". On PostgreSQL through NOTIFY, so every
 * instance (this one included, through its LISTEN connection) wakes its streams; on
 * SQLite there is one instance, so its own streams are woken directly.
 */
export async function announce(db: Kysely<Database>, userId: string): Promise<void> {
  if (isSqlite(db)) {
    wake(db, userId);
    return;
  }
  await sql`select pg_notify(${NOTIFY_CHANNEL}, ${userId})`.execute(db);
}

/** Calls `listener` whenever `userId` may have new notifications; returns the unsubscribe. */
export function subscribe(db: Kysely<Database>, userId: string, listener: Listener): () => void {
  const byUser = listenersOf(db);
  let set = byUser.get(userId);
  if (!set) {
    set = new Set();
    byUser.set(userId, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) byUser.delete(userId);
  };
}

/**
 * On PostgreSQL: one LISTEN connection per instance, reconnecting after a drop. After a
 * reconnect every stream is woken, so whatever was announced meanwhile is still sent
 * (streams read the database after their last id; the announcement only says "look").
 */
export function startListening(
  db: Kysely<Database>,
  databaseUrl: string,
  log: { warn(message: string): void },
): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === NOTIFY_CHANNEL && message.payload) wake(db, message.payload);
    });
    next.on('error', () => reconnect());
    next.on('end', () => reconnect());
    try {
      await next.connect();
      await next.query(`LISTEN ${NOTIFY_CHANNEL}`);
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
      wake(db, null);
    } catch (error) {
      log.warn(`Notification listener could not connect: ${(error as Error).message}`);
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      reconnect();
    }
  };
  const reconnect = () => {
    if (stopped || retry) return;
    client = null;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, 1000);
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
