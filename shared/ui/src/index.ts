// The public surface of @outpost/ui.
export * from './icon';
export * from './not-built-yet';
