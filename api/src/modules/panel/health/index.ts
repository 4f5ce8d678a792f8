// The health sub-door of the panel module (issue 23): what the module's other parts use of
// health/. Files outside health/ import this, never a file inside it.
export { panelHealthRoutes } from './health-routes';
export { InstanceHeartbeat } from './instance-heartbeat';
