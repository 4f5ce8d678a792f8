// The zod/mini contracts, as one module the shell shares with every remote at run time
// (Module Federation singleton, see shared/build sharedDependencies): a remote page that
// parses with these (the servers overview on `/`) uses the shell's copy of them and of
// zod/mini instead of fetching its own (~15 KB brotli on the first load of `/`).
// Import from here, not from the package root, in code that runs on a first load.
export * from './auth';
export * from './contract-version';
export * from './docs-tours';
export * from './meta';
export * from './route-manifest';
export * from './servers';
export * from './servers-links';
