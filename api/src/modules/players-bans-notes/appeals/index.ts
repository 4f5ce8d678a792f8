// The appeals sub-door of the players-bans-notes module (issue 23): what the module's other parts use of
// appeals/. Files outside appeals/ import this, never a file inside it.

export { claimAppealAs } from './appeals-as-staff';
export type { ImportedAppeal, ImportedAppealMessage } from './appeals-import';
export { appealTargets, insertImportedAppealComments, insertImportedAppeals } from './appeals-import';
export { appealedBanIds, findAppealView } from './appeals-repository';
export { appealsRoutes } from './appeals-routes';
export { openAppeal } from './appeals-service';
