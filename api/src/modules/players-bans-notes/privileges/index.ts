// The privileges sub-door of the players-bans-notes module (issue 23): what the module's other parts use of
// privileges/. Files outside privileges/ import this, never a file inside it.
export { usersRoutes } from './privileges-routes';
