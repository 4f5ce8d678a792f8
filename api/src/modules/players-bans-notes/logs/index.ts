// The logs sub-door of the players-bans-notes module (issue 23): what the module's other parts use of
// logs/. Files outside logs/ import this, never a file inside it.
export { logsRoutes } from './logs-routes';
