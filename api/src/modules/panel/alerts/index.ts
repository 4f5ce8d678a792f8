// The alerts sub-door of the panel module (issue 23): what the module's other parts use of
// alerts/. Files outside alerts/ import this, never a file inside it.
export { alertsRoutes } from './alerts-routes';
export { alertOnInstance, alertOnSweep } from './alerts-service';
