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
