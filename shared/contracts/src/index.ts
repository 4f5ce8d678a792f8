// The public surface of @outpost/contracts: reviewed as a file, so a contract change is visible.
export * from './api-error';
export * from './auth';
export * from './contract-version';
export * from './meta';
export * from './moderation-bans';
export * from './moderation-common';
export * from './moderation-game';
export * from './moderation-logs';
export * from './moderation-notes';
export * from './moderation-players';
export * from './moderation-search';
export * from './permission-catalogue';
export * from './permissions';
export * from './route-manifest';
export * from './servers';
export * from './steam-id';
