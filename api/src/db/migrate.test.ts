import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support/test-databases';
import { type DatabaseHandle, openDatabase } from './database';
import { migrateToLatest } from './migrate';

describe.each(testDatabases())('migrations on $name', (kind) => {
  let handle: DatabaseHandle | null = null;
  let drop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await handle?.close();
    await drop?.();
  });

  it('runs a migration that lands after a later-named one already ran (parallel branches)', async () => {
    const created = await kind.create();
    drop = created.drop;
    handle = openDatabase(created.url);
    await migrateToLatest(handle.db);
    // As a database updated before the discussion-mentions migration landed: everything but it.
    await handle.db.schema.dropTable('discussion_mentions').execute();
    await handle.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '2026-11-23-1380-discussion-mentions' as never)
      .execute();
    await migrateToLatest(handle.db);
    const rows = await sql<{ n: number }>`select count(*) as n from discussion_mentions`.execute(handle.db);
    expect(Number(rows.rows[0]?.n)).toBe(0);
  });
});
