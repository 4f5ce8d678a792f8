/*
 * A database that cannot be reached right now (PostgreSQL restarting, failing over, a
 * backend terminated, the pool unable to connect) is the server's trouble, not the
 * request's: the error handler answers 503 with Retry-After instead of a bare 500, so
 * clients and load balancers retry rather than report a bug.
 */

// SQLSTATE class 08 (connection exception) and the 57P0x shutdown codes.
const UNAVAILABLE_SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
// node-postgres reports a lost connection and a pool that cannot connect in time by message only.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // A connect to "localhost" tries each address and throws an AggregateError of them.
  return Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable);
}
