// The players-bans-notes module's door: the API of the remote of the same id. Inside:
// players/ (profiles, sessions, stats), bans/, appeals/ (ban appeals), notes/, privileges/ (the
// /users editor over accounts' data), logs/ (the /logs viewer over audit's table) and reports/
// (player reports and their staff queue).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appealsRoutes } from './appeals/appeals-routes';
import { openAppeal } from './appeals/appeals-service';
import { activeRestrictions, searchBans } from './bans/bans-repository';
import { bansRoutes } from './bans/bans-routes';
import { banView, createBan, unban } from './bans/bans-service';
import { importedHistory } from './imported-history';
import { logsRoutes } from './logs/logs-routes';
import { notesOfPlayer, searchNotes } from './notes/notes-repository';
import { notesRoutes } from './notes/notes-routes';
import { createNote } from './notes/notes-service';
import { listPlayers } from './players/players-repository';
import { playersRoutes } from './players/players-routes';
import { recordConnect, recordDisconnect, recordSeen, recordSignIn } from './players/players-service';
import { usersRoutes } from './privileges/privileges-routes';
import { fileGameReport, reportReasons } from './reports/reports-game';
import { reportsRoutes } from './reports/reports-routes';
import { fileReport } from './reports/reports-service';

export type { ImportedAppeal, ImportedAppealMessage } from './appeals/appeals-import';
export type { ImportedBan, ImportedNote } from './bans/bans-import';
export type { BanRow } from './bans/bans-repository';
export type { NewBan } from './bans/bans-service';
export type { ImportedReport } from './reports/reports-import';

export const playersBansNotesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(playersRoutes);
  await app.register(usersRoutes);
  await app.register(bansRoutes);
  await app.register(appealsRoutes);
  await app.register(notesRoutes);
  await app.register(logsRoutes);
  await app.register(reportsRoutes);
};

export const playersBansNotesService = {
  recordConnect,
  recordDisconnect,
  recordSeen,
  recordSignIn,
  listPlayers,
  activeRestrictions,
  createBan,
  unban,
  banView,
  searchBans,
  notesOfPlayer,
  searchNotes,
  createNote,
  /** History from another ban system, with its recorded times and outcomes (the SourceBans++ importer). */
  importHistory: importedHistory,
  /** A player's appeal of a restriction on their own Steam id, and a report (the demo's seed). */
  openAppeal,
  fileReport,
  /** `!report` from a game server (the game module's /api/game/reports). */
  fileGameReport,
  /** The configured report reasons (for the plugin's menu). */
  reportReasons,
};
