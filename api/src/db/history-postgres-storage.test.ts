import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabases } from '../test-support/test-databases';
import { type DatabaseHandle, openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { down, up } from './migrations/2026-12-06-4010-history-postgres-storage';

// The packed history's autovacuum settings (issue 28's growth budget on PostgreSQL): set by the
// migration, taken back by its down(), nothing on SQLite.

describe.each(testDatabases())('history storage settings on $name', (kind: TestDatabase) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const options = async () => {
    if (database.dialect === 'sqlite') return null;
    const { rows } = await sql<{
      relname: string;
      reloptions: string[] | null;
    }>`select relname, reloptions from pg_class
      where relname = 'server_history_days'`.execute(database.db);
    return Object.fromEntries(rows.map((row) => [row.relname, [...(row.reloptions ?? [])].sort()]));
  };

  beforeAll(async () => {
    const created = await kind.create();
    drop = created.drop;
    database = openDatabase(created.url);
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('has the packed days vacuumed early; down() resets it', async () => {
    const set =
      kind.name === 'sqlite'
        ? null
        : {
            server_history_days: ['autovacuum_vacuum_scale_factor=0.01', 'autovacuum_vacuum_threshold=1000'],
          };
    expect(await options()).toEqual(set);
    await down(database.db);
    expect(await options()).toEqual(kind.name === 'sqlite' ? null : { server_history_days: [] });
    await up(database.db);
    expect(await options()).toEqual(set);
  });
});
