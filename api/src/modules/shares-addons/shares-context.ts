import type { Kysely } from 'kysely';
import type { StorageDriver } from '../../storage/storage-driver';
import type { SharesAddonsTables } from './tables';
import type { WorkshopJobRunner } from './workshop';

/** What the module's route files share: the module's view of the database, the storage driver and the Workshop job runner. */
export interface SharesContext {
  db: Kysely<SharesAddonsTables>;
  storage: StorageDriver;
  jobs: WorkshopJobRunner;
}
