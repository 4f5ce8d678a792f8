// The reports sub-door of the players-bans-notes module (issue 23): what the module's other parts use of
// reports/. Files outside reports/ import this, never a file inside it.

export { claimReportAs, resolveReportAs } from './reports-as-staff';
export { fileGameReport, reportReasons } from './reports-game';
export type { ImportedReport } from './reports-import';
export { insertImportedReports } from './reports-import';
export { findGroup } from './reports-repository';
export { reportsRoutes } from './reports-routes';
export { fileReport } from './reports-service';
