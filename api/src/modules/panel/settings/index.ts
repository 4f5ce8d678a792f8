// The settings sub-door of the panel module (issue 23): what the module's other parts use of
// settings/. Files outside settings/ import this, never a file inside it.

export { credentialCheckRoutes } from './credential-check-routes';
export { settingsRoutes } from './settings-routes';
