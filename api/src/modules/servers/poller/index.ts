// The poller sub-door of the servers module (issue 23): what the module's other parts use of
// poller/. Files outside poller/ import this, never a file inside it.
export { type BackfillServer, backfillServerHistory } from './history-backfill';
export { sortMerged } from './history-packing';
export { BUCKET_FIGURES, type HistoryBucket, mergeBuckets, unpackDay } from './history-slots';
export { readMaps } from './map-days';
export { statusPollerPlugin } from './status-poller-plugin';
export { queryServer, sweepStatuses } from './status-sweep';
export type { StoredStatus } from './stored-status';
export { toStoredStatus } from './stored-status';
