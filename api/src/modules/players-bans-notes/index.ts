// The players-bans-notes module's door: the API of the remote of the same id. Inside:
// players/ (profiles, sessions, stats), bans/, appeals/ (ban appeals), notes/, privileges/ (the
// /users editor over accounts' data), logs/ (the /logs viewer over audit's table) and reports/
// (player reports and their staff queue).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appealsRoutes, openAppeal } from './appeals';
import { activeRestrictions, bansRoutes, banView, createBan, searchBans, unban } from './bans';
import { importedHistory } from './imported-history';
import { logsRoutes } from './logs';
import { createNote, notesOfPlayer, notesRoutes, searchNotes } from './notes';
import {
  connectedSince,
  listPlayers,
  playersRoutes,
  recordConnect,
  recordDisconnect,
  recordSeen,
  recordSignIn,
  serversWherePlayerConnected,
} from './players';
import { usersRoutes } from './privileges';
import { fileGameReport, fileReport, reportReasons, reportsRoutes } from './reports';

export type { ImportedAppeal, ImportedAppealMessage } from './appeals';
export type { BanRow, ImportedBan, ImportedNote, NewBan } from './bans';
export type { ImportedReport } from './reports';

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
  /** When the player's current connection to a server began, or null (game-server trust checks). */
  connectedSince,
  /** The servers the player is connected to now (fresh connect, no disconnect): enforcement. */
  serversWherePlayerConnected,
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
