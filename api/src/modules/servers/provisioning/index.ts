// The provisioning sub-door of the servers module (issue 23): what the module's other parts use of
// provisioning/. Files outside provisioning/ import this, never a file inside it.
export { instancesRoutes } from './instances-routes';
