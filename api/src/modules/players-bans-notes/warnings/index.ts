// The warnings sub-door of the players-bans-notes module (issue 25 item 5): what the module's other
// parts use of warnings/. Files outside warnings/ import this, never a file inside it.
export type { WarningRow } from './warnings-repository';
export { activeWarnings, findWarning, toWarning, warningsOfPlayer } from './warnings-repository';
export { warningsRoutes } from './warnings-routes';
export type { NewWarning } from './warnings-service';
export { createWarning, liftWarning } from './warnings-service';
