import { type Kysely, Migrator } from 'kysely';
import { migrations } from './migrations';

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Engineers add migrations in parallel, each in a prefix range of its own: one that lands
  // after a later-named one (e.g. 1380 after 1510) must still run on a database that already
  // has the later one, instead of Kysely refusing the history as corrupted. Migrations are
  // independent of each other within a day's ranges, so their order across ranges is free.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed?.migrationName ?? 'unknown';
    throw new Error(`Migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
