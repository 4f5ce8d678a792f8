// The public surface of @outpost/host: the contract between the shell and every remote.
export * from './define-remote';
export * from './host-api';
export * from './meta-store';
export * from './session';
export * from './session-store';
