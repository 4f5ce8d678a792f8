import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { BusyRetryingSqliteDialect } from './sqlite-busy';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// pg returns int8 (bigint, count(*)) as strings; our int8 values are seconds and
// counts, far inside Number's safe range, so read them as numbers once, here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The application_name of pool connections (the LISTEN client names itself apart). */
export const POOL_APPLICATION_NAME = 'outpost';

/**
 * A connection the server ends (a restart, a failover, pg_terminate_backend, an
 * idle_session_timeout) emits 'error' on its client. pg-pool listens only while a client is
 * idle; a client checked out (the poller's held advisory-lock connection, a transaction, a
 * query in flight) has no listener, and an unheard 'error' ends the process. So every client
 * gets a listener from its first moment: the error is logged, the query in flight fails
 * (its caller retries or answers 503), and the pool drops the broken client on release.
 */
export function watchPool(pool: pg.Pool, warn: (message: string) => void = console.warn): void {
  // pg-pool re-emits an idle client's error on the pool: heard here (an unheard 'error'
  // throws) and logged once by the client's own listener.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', (error) => warn(`PostgreSQL connection lost: ${error.message}`)));
}

/** Opens the database named by a DATABASE_URL: `sqlite:<path>` or `postgres://...`. */
export interface DatabaseOptions {
  /** How long a SQLite write waits (asynchronously) for another writer's lock before failing busy (503). */
  sqliteBusyWaitMs?: number;
}

export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    // Never wait inside SQLite: that would block the event loop (see sqlite-busy.ts).
    sqlite.pragma('busy_timeout = 0');
    const db = new Kysely<Database>({
      dialect: new BusyRetryingSqliteDialect({ database: sqlite }, options.sqliteBusyWaitMs ?? 1000),
    });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10, application_name: POOL_APPLICATION_NAME });
    watchPool(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  throw new Error(`Unsupported DATABASE_URL: ${url.split(':')[0]}`);
}
