import type { StorageDriver } from '../../storage/storage-driver';
import type { WorkshopJobRunner } from './workshop';

/** What the module's route files share: the storage driver and the Workshop job runner. */
export interface SharesContext {
  storage: StorageDriver;
  jobs: WorkshopJobRunner;
}
