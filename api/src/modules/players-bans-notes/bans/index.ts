// The bans sub-door of the players-bans-notes module (issue 23): what the module's other parts use of
// bans/. Files outside bans/ import this, never a file inside it.

export type { Places, ServerPlace } from './ban-scope';
export { covers, places, scopeName, scopeOf } from './ban-scope';
export type { ChangedRestriction } from './bans-changes';
export { restrictionsChangedSince } from './bans-changes';
export type { ImportedBan, ImportedNote } from './bans-import';
export { banSteamIds, insertImportedBans, insertImportedNotes, insertImportedPlayerIps } from './bans-import';
export type { BanRow } from './bans-repository';
export { activeRestrictions, banCounts, banOrigin, banStatus, findBan, searchBans } from './bans-repository';
export { bansRoutes } from './bans-routes';
export type { NewBan } from './bans-service';
export {
  announceRestrictions,
  banView,
  createBan,
  createBans,
  describeLength,
  editBan,
  raiseBanEvent,
  unban,
} from './bans-service';
