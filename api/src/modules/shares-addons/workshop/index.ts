// The workshop sub-door of the shares-addons module (issue 23): what the module's other parts use of
// workshop/. Files outside workshop/ import this, never a file inside it.
export { WorkshopJobRunner } from './workshop-job-runner';
export { registerWorkshopRoutes } from './workshop-routes';
