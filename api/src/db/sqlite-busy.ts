import type {
  CompiledQuery,
  DatabaseConnection,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { SqliteDialect, type SqliteDialectConfig } from 'kysely';

/*
 * better-sqlite3 is synchronous: with a busy_timeout, a write that meets another
 * process's write lock blocks the whole event loop until the lock frees (health checks
 * and every other request stall behind it). So SQLite runs with busy_timeout 0 and a
 * statement that finds the database busy is retried here, asynchronously (the loop stays
 * free), for a short while; then the error reaches the error handler, which answers 503
 * with Retry-After (isDatabaseBusy). Reads never wait: the database is in WAL mode.
 */

/** SQLite's "another connection holds the lock" answers (SQLITE_BUSY and its extended codes, SQLITE_LOCKED). */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/** Only plain SQLITE_BUSY can succeed when retried as is (a stale snapshot needs a new transaction). */
function retryable(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
}

/**
 * Kysely's SQLite driver has one connection behind a mutex: every statement waits for it.
 * A statement retried while holding it would make every read queue behind a busy write
 * for the whole wait, so outside a transaction the connection is handed back between
 * attempts (reads run meanwhile) and taken again to retry. Inside a transaction it must
 * be kept: the transaction's earlier statements live on it.
 */
class BusyRetryingConnection implements DatabaseConnection {
  inTransaction = false;
  constructor(
    public inner: DatabaseConnection,
    private readonly driver: Driver,
    private readonly waitMs: number,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const started = Date.now();
    let delay = 5;
    for (;;) {
      try {
        return await this.inner.executeQuery<R>(query);
      } catch (error) {
        if (!retryable(error) || Date.now() - started + delay > this.waitMs) throw error;
        if (this.inTransaction) {
          await sleep(delay);
        } else {
          await this.driver.releaseConnection(this.inner);
          await sleep(delay);
          this.inner = await this.driver.acquireConnection();
        }
        delay = Math.min(delay * 2, 100);
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof BusyRetryingConnection ? connection.inner : connection;
}

function markTransaction(connection: DatabaseConnection, inTransaction: boolean) {
  if (connection instanceof BusyRetryingConnection) connection.inTransaction = inTransaction;
}

class BusyRetryingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly waitMs: number,
  ) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new BusyRetryingConnection(await this.inner.acquireConnection(), this.inner, this.waitMs);
  }
  // The inner driver runs begin/commit/rollback through the connection it is given, so
  // those are retried too (begin while the connection may still move between attempts).
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.inner.beginTransaction(connection, settings);
    markTransaction(connection, true);
  }
  async commitTransaction(connection: DatabaseConnection) {
    try {
      await this.inner.commitTransaction(connection);
    } finally {
      markTransaction(connection, false);
    }
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    try {
      await this.inner.rollbackTransaction(connection);
    } finally {
      markTransaction(connection, false);
    }
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.savepoint?.(connection, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.rollbackToSavepoint?.(connection, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.releaseSavepoint?.(connection, name, compile);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(innerOf(connection));
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** Kysely's SQLite dialect whose statements retry a busy database without blocking. */
export class BusyRetryingSqliteDialect extends SqliteDialect {
  readonly #waitMs: number;
  constructor(config: SqliteDialectConfig, waitMs: number) {
    super(config);
    this.#waitMs = waitMs;
  }
  override createDriver(): Driver {
    return new BusyRetryingDriver(super.createDriver(), this.#waitMs);
  }
}
