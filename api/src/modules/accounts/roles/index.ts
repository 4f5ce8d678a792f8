// The roles sub-door of the accounts module (issue 23): what the module's other parts use of
// roles/. Files outside roles/ import this, never a file inside it.
export { rolesRoutes } from './roles-routes';
