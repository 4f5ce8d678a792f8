// The public surface of @outpost/ui.
export * from './access-denied';
export * from './icon';
export * from './markdown-lazy';
export * from './modal';
export * from './not-built-yet';
export * from './notice';
