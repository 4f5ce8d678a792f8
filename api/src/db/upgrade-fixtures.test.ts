import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openExportSource } from '../backup/export-source';
import { parentsFirst } from '../backup/full-export';
import { testDatabases } from '../test-support/test-databases';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';

// Issue 24 item 5, upgrades without fear: for every earlier schema (the migrations run up to
// each one, as a site that last upgraded then has it), a database filled with rows in every
// table of that schema migrates to today's with every row and every value still there.

type Row = Record<string, string | number | null>;

const steps = Object.keys(migrations).sort();

/** Row i of a table: i in every integer column, "r<i>" in every other. A foreign key of row i names its parent's row i. */
function fixtureRow(columns: Array<{ name: string; dataType: string }>, i: number): Row {
  return Object.fromEntries(
    columns.map((column) => [column.name, /int|serial|real|double|numeric/i.test(column.dataType) ? i : `r${i}`]),
  );
}

async function tableRows(db: Kysely<any>, table: string, columns: string[]): Promise<Row[]> {
  const rows = await db
    .selectFrom(table)
    .select(columns)
    .orderBy(sql.raw(columns.map((column) => `"${column}"`).join(', ')))
    .execute();
  return rows as Row[];
}

describe.each(testDatabases())('upgrades from every earlier schema on $name', (kind) => {
  it.each(steps.slice(0, -1))('a database last migrated at %s keeps every row', { timeout: 60_000 }, async (step) => {
    const created = await kind.create();
    const database = openDatabase(created.url);
    const db = database.db as unknown as Kysely<any>;
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        allowUnorderedMigrations: true,
      });
      const { error } = await migrator.migrateTo(step);
      if (error) throw error;

      const introspected = await db.introspection.getTables();
      const source = await openExportSource(created.url);
      const linked = await source.tables();
      await source.close();
      const ordered = parentsFirst(linked);
      const before = new Map<string, Row[]>();
      for (const { name } of ordered) {
        const columns = introspected.find((table) => table.name === name)?.columns ?? [];
        const rows = [1, 2, 3].map((i) => fixtureRow(columns, i));
        await db.insertInto(name).values(rows).execute();
        before.set(
          name,
          await tableRows(
            db,
            name,
            columns.map((column) => column.name),
          ),
        );
      }
      expect(before.size).toBe(introspected.length);

      await migrateToLatest(db);
      for (const [name, rows] of before) {
        const columns = Object.keys(rows[0] as Row);
        expect([name, await tableRows(db, name, columns)]).toEqual([name, rows]);
      }
    } finally {
      await database.close();
      await created.drop();
    }
  });
});
