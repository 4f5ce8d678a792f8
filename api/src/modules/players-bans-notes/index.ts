// The players-bans-notes module's door: the API of the remote of the same id. Inside:
// players/ (profiles, sessions, stats), bans/, appeals/ (ban appeals), notes/, privileges/ (the
// /users editor over accounts' data), logs/ (the /logs viewer over audit's table) and reports/
// (player reports and their staff queue) and warnings/ (warnings and their escalation ladder).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Door } from '../../db/module-db';
import { eventBus } from '../../lib/event-bus';
import { appealsRoutes, claimAppealAs, findAppealView, openAppeal } from './appeals';
import {
  activeRestrictions,
  announceRestrictions,
  banStatus,
  bansRoutes,
  banView,
  covers,
  createBan,
  createBans,
  editBan,
  findBan,
  places,
  restrictionsChangedSince,
  scopeName,
  scopeOf,
  searchBans,
  unban,
} from './bans';
import { connectCheckReads } from './connect-check';
import { importedHistory } from './imported-history';
import { logsRoutes } from './logs';
import { createNote, notesOfPlayer, notesRoutes, searchNotes } from './notes';
import {
  closeSessionsOnOfflineServers,
  connectedSince,
  listPlayers,
  playersOnServer,
  playersRoutes,
  playtimeRoutes,
  recordConnect,
  recordDisconnect,
  recordSeen,
  recordSignIn,
  serversWherePlayerConnected,
  serversWherePlayersConnected,
} from './players';
import { usersRoutes } from './privileges';
import {
  claimReportAs,
  fileGameReport,
  fileReport,
  findGroup,
  reportReasons,
  reportsRoutes,
  resolveReportAs,
} from './reports';
import type { PlayersBansNotesTables } from './tables';
import { activeWarnings, createWarning, findWarning, liftWarning, toWarning, warningsRoutes } from './warnings';

export type { ImportedAppeal, ImportedAppealMessage } from './appeals';
export type { BanRow, ChangedRestriction, ImportedBan, ImportedNote, NewBan, Places, ServerPlace } from './bans';
export type { ConnectRestriction, ConnectWarning } from './connect-check';
export type { ImportedReport } from './reports';

export const playersBansNotesModule: FastifyPluginAsyncZod = async (app) => {
  // This module's view of the database: its own tables (the module's one cast; the same instance).
  const db = app.db as Kysely<PlayersBansNotesTables>;
  await app.register(playersRoutes, { db });
  await app.register(playtimeRoutes, { db });
  // Sessions end when their server is seen offline (issue 28): one read per sweep with offline servers.
  const log = app.log.child({ module: 'players-bans-notes' });
  let sessionsQueue: Promise<void> = Promise.resolve();
  const off = eventBus(db).on('sweep.finished', 'players/sessions', (sweep) => {
    const offline = sweep.statuses.filter((s) => !s.online).map((s) => s.id);
    if (offline.length === 0) return;
    sessionsQueue = sessionsQueue
      .then(() => closeSessionsOnOfflineServers(db, offline, sweep.at))
      .catch((error) => log.warn({ err: error }, 'closing sessions on offline servers failed'));
  });
  app.addHook('onClose', async () => {
    off();
    await sessionsQueue;
  });
  await app.register(usersRoutes, { db });
  await app.register(bansRoutes, { db });
  await app.register(appealsRoutes, { db });
  await app.register(notesRoutes, { db });
  await app.register(logsRoutes, { db });
  await app.register(reportsRoutes, { db });
  await app.register(warningsRoutes, { db });
};

const playersBansNotesDoor = {
  recordConnect,
  /** When the player's current connection to a server began, or null (game-server trust checks). */
  connectedSince,
  /** The servers the player is connected to now (fresh connect, no disconnect): enforcement. */
  serversWherePlayerConnected,
  /** The same for many players at once (one statement per 500): enforcement of a batch of changes. */
  serversWherePlayersConnected,
  recordDisconnect,
  recordSeen,
  recordSignIn,
  /** Who is on a server by its plugin's events: connected now, and left since a time (who is where). */
  playersOnServer,
  listPlayers,
  activeRestrictions,
  /** The plugin's connect check: covering restrictions and active warnings in one statement (issue 25 budget). */
  connectCheckReads,
  createBan,
  /** Many bans by one actor in one transaction, each as createBan makes it (a federation catch-up, issue 29). */
  createBans,
  /** Tells enforcement about bans a transaction created or lifted, once it committed (a federation page). */
  announceRestrictions,
  /** One ban by id, and its edit (the federation subscriber follows an origin's changes, issue 29). */
  findBan,
  editBan,
  unban,
  banView,
  searchBans,
  /** Ban scope (issue 25 item 3): whether a ban covers a server; its scope and name for lists. */
  covers,
  scopeOf,
  scopeName,
  /** Groups and servers by id with names (what scopeName reads). */
  places,
  /** A ban row's state at `now` (active, expired, unbanned): the search's status badge. */
  banStatus,
  /** Restrictions written after a point, oldest first (the federation feed's publisher, issue 29). */
  restrictionsChangedSince,
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
  /** A report group and an appeal as staff see them, or null (the Discord staff channel, issue 26). */
  reportGroup: findGroup,
  appeal: findAppealView,
  /** The staff channel's buttons, as the linked account with the web's checks: claim or resolve a report, claim an appeal. */
  claimReportAs,
  resolveReportAs,
  claimAppealAs,
  /** The configured report reasons (for the plugin's menu). */
  reportReasons,
  /** A player's active warnings, newest first (the connect check), and their API shape. */
  activeWarnings,
  toWarning,
  /** A warning from in game (the game module's /api/game/warnings); escalates by the ladder. */
  createWarning,
  /** A warning by id (not deleted) and lifting it, audited (the game module's /api/game/unwarn). */
  findWarning,
  liftWarning,
};

/**
 * What other modules ask of players-bans-notes. Callers hand over their own view of the database (the same instance,
 * or their transaction); this door sees its own tables through it.
 */
export const playersBansNotesService = playersBansNotesDoor as unknown as Door<typeof playersBansNotesDoor>;
