// The one entry through which another ban system's history (the SourceBans++ importer) comes
// into this module: bans, notes and player addresses, appeals and their comments, reports,
// each with its recorded times and outcome, and the look-ups the importer links them by.
import { appealTargets, insertImportedAppealComments, insertImportedAppeals } from './appeals';
import { banSteamIds, insertImportedBans, insertImportedNotes, insertImportedPlayerIps } from './bans';
import { insertImportedReports } from './reports';

export const importedHistory = {
  bans: insertImportedBans,
  notes: insertImportedNotes,
  playerIps: insertImportedPlayerIps,
  /** Ban id -> its Steam id (null: IP-only). */
  banSteamIds,
  /** Appeals of bans (SourceBans++ protests) and their staff comments. */
  appealTargets,
  appeals: insertImportedAppeals,
  appealComments: insertImportedAppealComments,
  /** Reports with their outcome (SourceBans++ submissions). */
  reports: insertImportedReports,
};
