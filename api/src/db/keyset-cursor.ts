import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { HttpError } from '../lib/http-error';

// Keyset pagination: a cursor is the sort key of the last row a page showed, opaque to
// clients (base64url JSON). A page is then an index range scan, however deep it goes.

export function encodeCursor(key: ReadonlyArray<string | number>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** Decodes a cursor of the expected shape ('n' number, 's' string per position), else 400. */
export function decodeCursor(cursor: string, shape: string): Array<string | number> {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = null;
  }
  const valid =
    Array.isArray(key) &&
    key.length === shape.length &&
    key.every((part, index) =>
      shape[index] === 'n' ? typeof part === 'number' && Number.isSafeInteger(part) : typeof part === 'string',
    );
  if (!valid) throw new HttpError(400, 'INVALID_CURSOR', 'The cursor is not one this list gave out');
  return key as Array<string | number>;
}

/**
 * The rows past a keyset position, every column sorted the same way: `(a, b) > (x, y)` (or `<`)
 * as one row-value comparison, which SQLite and PostgreSQL both answer with one seek in an index
 * on (a, b). The same test spelled as an OR (`a > x OR (a = x AND b > y)`) is planned by SQLite
 * as two index searches merged and then sorted whole: walking 1,000,000 bans by
 * (updated_at, id) that way took 170 s instead of 8.
 */
export function pastKey(
  columns: readonly string[],
  direction: '>' | '<',
  key: ReadonlyArray<string | number>,
): RawBuilder<SqlBool> {
  if (columns.length !== key.length || columns.length === 0) throw new Error('pastKey: one value per column');
  return sql<SqlBool>`(${sql.join(columns.map((column) => sql.ref(column)))}) ${sql.raw(direction)} (${sql.join([...key])})`;
}
