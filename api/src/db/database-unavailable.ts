/*
 * A database that cannot be reached right now (PostgreSQL restarting, failing over, a
 * backend terminated, the pool unable to connect) is the server's trouble, not the
 * request's: the error handler answers 503 with Retry-After instead of a bare 500, so
 * clients and load balancers retry rather than report a bug.
 */

const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * The SQLSTATEs that say the database cannot serve right now, whatever the statement (issue
 * 31 item 10): whole classes 08 (connection exception), 53 (insufficient resources: disk
 * full, out of memory, too many connections), 57 (operator intervention: shutdown, cannot
 * connect now, statement cancelled by an administrator), 58 (system error: I/O), and 55000
 * (object not in prerequisite state: e.g. a database not accepting connections or commands)
 * and 25006 (read-only transaction: a standby after a failover refuses writes).
 */
const UNAVAILABLE_SQLSTATE_CLASSES = ['08', '53', '57', '58'];
const UNAVAILABLE_SQLSTATES = new Set(['55000', '25006']);
/** SQLite's own "cannot serve now" answers: disk full, I/O error, cannot open, read-only file. */
const UNAVAILABLE_SQLITE = /^SQLITE_(FULL|IOERR|CANTOPEN|READONLY|NOMEM)/;

/** Whether a code is one of the database's "cannot serve right now" answers. */
export function isUnavailableCode(code: string): boolean {
  if (/^[0-9A-Z]{5}$/.test(code)) {
    return UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SQLSTATE_CLASSES.includes(code.slice(0, 2));
  }
  return UNAVAILABLE_SQLITE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code);
}
// node-postgres reports a lost connection and a pool that cannot connect in time by message only.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && isUnavailableCode(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // A connect to "localhost" tries each address and throws an AggregateError of them.
  return Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable);
}
