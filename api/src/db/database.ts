import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
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

/**
 * Statement texts sent as named (prepared) statements on PostgreSQL, by text. A hot read whose
 * text never changes registers here: each pooled connection then parses and plans it once and
 * afterwards only binds and executes it. For the connect check's statement (issue 25, p95 <= 2
 * ms) planning was most of the server's work: ~0.3 ms of ~0.4 ms a call. Every other text is
 * sent unnamed as before.
 */
const statementNames = new Map<string, string>();

/** Registers `text` to run as the named statement `name` on PostgreSQL (SQLite caches statements itself); answers the text. */
export function namedStatement(name: string, text: string): string {
  const known = statementNames.get(text);
  if (known !== undefined && known !== name) throw new Error(`statement text already named ${known}`);
  if ([...statementNames.values()].includes(name) && known !== name) throw new Error(`statement name ${name} taken`);
  statementNames.set(text, name);
  return text;
}

/**
 * The pool as Kysely sees it, each client sending registered texts by name (pg prepares a name
 * once per connection). One wrapper per client, kept, so Kysely's per-client state holds.
 */
function namingPool(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = (text: unknown, values?: readonly unknown[]) => {
      const name = typeof text === 'string' ? statementNames.get(text) : undefined;
      if (name !== undefined) return client.query({ name, text: text as string, values: values as unknown[] });
      return client.query(text as string, values as unknown[]);
    };
    return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPool(pool) }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  throw new Error(`Unsupported DATABASE_URL: ${url.split(':')[0]}`);
}
