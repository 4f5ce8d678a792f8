// The public surface of @outpost/contracts: reviewed as a file, so a contract change is visible.
export * from './api-error';
export * from './auth';
export * from './contract-version';
export * from './format-bytes';
export * from './format-time';
export * from './meta';
export * from './permission-catalogue';
export * from './permissions';
export * from './route-manifest';
export * from './servers';
export * from './servers-actions';
export * from './servers-instances';
export * from './servers-links';
export * from './servers-management';
