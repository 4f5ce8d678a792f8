import { afterEach, beforeEach } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { SourceBansDatabase } from './sourcebans-fixture';
import type { TestDatabase } from './test-databases';

// The shared setup of the importer tests (SourceBans++, AMXBans, CS2-SimpleAdmin): before each
// test a fresh source database on the loopback MariaDB (SOURCEBANS_TEST_URL, default
// mysql://root@127.0.0.1:3306), filled by the test, and a fresh, migrated Outpost database of
// the given kind; both are dropped after the test.

export interface ImportTestKit {
  /** The source database (set in beforeEach). */
  source: SourceBansDatabase;
  /** The Outpost database (set in beforeEach). */
  outpost: DatabaseHandle;
}

/** Registers the hooks of one `describe` and returns the kit its tests read. */
export function importTestKit(
  kind: TestDatabase,
  createSource: () => Promise<SourceBansDatabase>,
  fill: (source: SourceBansDatabase) => Promise<void>,
): ImportTestKit {
  const kit = {} as ImportTestKit;
  let dropOutpost: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    kit.source = await createSource();
    await fill(kit.source);
    const created = await kind.create();
    dropOutpost = created.drop;
    kit.outpost = openDatabase(created.url);
    await migrateToLatest(kit.outpost.db);
  });
  afterEach(async () => {
    await kit.outpost?.close();
    await dropOutpost?.();
    await kit.source?.drop();
  });
  return kit;
}
