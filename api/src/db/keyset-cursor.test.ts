import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support/test-databases';
import { openDatabase } from './database';
import { decodeCursor, encodeCursor, pastKey } from './keyset-cursor';

interface Rows {
  keyset_rows: { a: number; b: number; c: number };
}

// Every (a, b, c) with a, b in 0..3 and c in 0..2: ties on the first columns are the case an
// OR spelling gets subtly wrong and a row value gets right by definition.
const ROWS = Array.from({ length: 4 * 4 * 3 }, (_, n) => ({
  a: Math.floor(n / 12),
  b: Math.floor(n / 3) % 4,
  c: n % 3,
}));
const compare = (x: number[], y: number[]) => {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return 0;
};

describe.each(testDatabases())('pastKey ($name)', (kind) => {
  let db: Kysely<Rows>;
  let close: () => Promise<void>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await kind.create();
    drop = created.drop;
    const database = openDatabase(created.url);
    db = database.db as unknown as Kysely<Rows>;
    close = () => database.close();
    await db.schema
      .createTable('keyset_rows')
      .addColumn('a', 'integer', (c) => c.notNull())
      .addColumn('b', 'integer', (c) => c.notNull())
      .addColumn('c', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('keyset_rows_abc').on('keyset_rows').columns(['a', 'b', 'c']).execute();
    await db.insertInto('keyset_rows').values(ROWS).execute();
  });
  afterAll(async () => {
    await close();
    await drop();
  });

  const page = (direction: '>' | '<', key: number[]) =>
    db
      .selectFrom('keyset_rows')
      .select(['a', 'b', 'c'])
      .where(pastKey(['a', 'b', 'c'], direction, key))
      .orderBy('a', direction === '>' ? 'asc' : 'desc')
      .orderBy('b', direction === '>' ? 'asc' : 'desc')
      .orderBy('c', direction === '>' ? 'asc' : 'desc')
      .execute();

  it('answers exactly the rows after the key, ascending and descending, at every key', async () => {
    for (const key of [
      [0, 0, 0],
      [1, 3, 2],
      [2, 0, 1],
      [3, 3, 2],
      [1, 2, 9],
      [-1, 0, 0],
    ]) {
      const after = (await page('>', key)).map((row) => [Number(row.a), Number(row.b), Number(row.c)]);
      expect(after).toEqual(ROWS.map((row) => [row.a, row.b, row.c]).filter((row) => compare(row, key) > 0));
      const before = (await page('<', key)).map((row) => [Number(row.a), Number(row.b), Number(row.c)]);
      expect(before).toEqual(
        ROWS.map((row) => [row.a, row.b, row.c])
          .filter((row) => compare(row, key) < 0)
          .reverse(),
      );
    }
  });

  it('refuses a key whose length is not the columns', () => {
    expect(() => pastKey(['a', 'b'], '>', [1])).toThrow('one value per column');
    expect(() => pastKey([], '>', [])).toThrow('one value per column');
  });
});

describe('pastKey on SQLite', () => {
  let db: Kysely<Rows>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = openDatabase('sqlite::memory:');
    db = database.db as unknown as Kysely<Rows>;
    close = () => database.close();
    await sql`CREATE TABLE keyset_rows (a integer NOT NULL, b integer NOT NULL, c integer NOT NULL)`.execute(db);
    await sql`CREATE INDEX keyset_rows_abc ON keyset_rows (a, b, c)`.execute(db);
  });
  afterAll(async () => close());

  it('is one index seek on SQLite: no OR of two searches, no sort of what follows', async () => {
    const plan = await sql<{
      detail: string;
    }>`EXPLAIN QUERY PLAN SELECT a, b, c FROM keyset_rows WHERE ${pastKey(['a', 'b', 'c'], '>', [1, 2, 0])} ORDER BY a, b, c LIMIT 5`.execute(
      db,
    );
    const details = plan.rows.map((row) => row.detail).join(' | ');
    expect(details).toMatch(/SEARCH keyset_rows USING COVERING INDEX keyset_rows_abc/);
    expect(details).not.toMatch(/MULTI-INDEX OR|TEMP B-TREE/);
  });
});

describe('cursors', () => {
  it('round-trip a key and refuse one of another shape with 400', () => {
    expect(decodeCursor(encodeCursor([5, 'x']), 'ns')).toEqual([5, 'x']);
    expect(() => decodeCursor(encodeCursor([5, 'x']), 'nn')).toThrow('The cursor is not one this list gave out');
    expect(() => decodeCursor('not base64 json', 'n')).toThrow('The cursor is not one this list gave out');
  });
});
